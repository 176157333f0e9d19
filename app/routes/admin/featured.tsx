export default function Page() {
  return <h1>featured</h1>;
}
