// One error type for everything the user can fix: it names the file and the tensor when known,
// so a bad shard among hundreds can be found without a debugger.
export class MergeError extends Error {
  constructor(
    message: string,
    readonly file?: string,
    readonly tensor?: string,
  ) {
    super(
      [file, tensor === undefined ? undefined : `tensor "${tensor}"`, message]
        .filter((part) => part !== undefined)
        .join(': '),
    );
    this.name = 'MergeError';
  }
}
