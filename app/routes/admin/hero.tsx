export default function Page() {
  return <h1>hero</h1>;
}
