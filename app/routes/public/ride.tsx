export default function Page() {
  return <h1>ride</h1>;
}
