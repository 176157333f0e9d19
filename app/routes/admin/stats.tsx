export default function Page() {
  return <h1>stats</h1>;
}
