/**
 * Turns of the event loop for other requests during a long piece of work (issue 36). The local libSQL client settles
 * every query synchronously, so the awaits of a long import resume as microtasks and the loop never polls for I/O:
 * a 15 000-line statement held every other request, the health check too, for seconds. `turn()` gives the loop a
 * turn (a timer, so it polls) once `budgetMs` of work has passed since the last one. On Workers the clock stands
 * still while code runs, so it never waits there; nor need it: there a query's I/O is real.
 */
export function eventLoopTurns(budgetMs = 10): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    since = performance.now();
  };
}
