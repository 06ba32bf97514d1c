/** A mongoose model, as far as its indexes go. */
interface Indexed {
  createIndexes(): Promise<unknown>;
}

/**
 * Waits until every index of a service's models exists (a unique index must be there before the first write relies
 * on it). `createIndexes` on each model, the same on MongoDB and FerretDB v1; unlike `Model.init()` it does not hang
 * on the connection's autoIndex option, and it is not remembered, so a start that failed here tries again.
 */
export async function createIndexes<M extends { [K in keyof M]: Indexed }>(models: M): Promise<void> {
  await Promise.all(Object.values<Indexed>(models).map((model) => model.createIndexes()));
}
