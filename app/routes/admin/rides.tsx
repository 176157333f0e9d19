export default function Page() {
  return <h1>rides</h1>;
}
