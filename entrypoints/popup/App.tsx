export function App() {
  return <main>Intent Commerce</main>;
}
