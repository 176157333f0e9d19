// The month an accountant's export covers, in India's calendar: '2027-01' → its first instant and
// the next month's, as ISO instants (documents' issued_at are UTC instants).

const IST_OFFSET = "+05:30";

export function monthRange(month: string): { from: string; to: string } | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const index = Number(match[2]);
  const next = index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, "0")}`;
  return {
    from: new Date(`${month}-01T00:00:00${IST_OFFSET}`).toISOString(),
    to: new Date(`${next}-01T00:00:00${IST_OFFSET}`).toISOString(),
  };
}
