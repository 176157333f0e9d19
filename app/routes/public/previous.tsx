export default function Page() {
  return <h1>previous</h1>;
}
