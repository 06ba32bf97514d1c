import type { ValidateFunction } from 'ajv';
import { createAjv, type BusContracts, type Contract, type RequestContract } from '@meydan/proto';

/** A message that does not match its subject's contract, or a subject that has none: a bug of the sender. */
export class ContractError extends Error {
  override name = 'ContractError';
  constructor(
    readonly subject: string,
    readonly problem: string,
  ) {
    super(`${subject}: ${problem}`);
  }
}

/**
 * The contracts of one bus (proto's `natsContracts` unless a test brings its own): which contract a subject has, and
 * whether a payload matches it, with validators compiled once per schema.
 */
export class ContractBook {
  private readonly ajv = createAjv();
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly contracts: BusContracts) {}

  private validator(contract: Contract): ValidateFunction {
    const id = contract.schema.$id;
    let fn = this.validators.get(id);
    if (!fn) {
      fn = this.ajv.getSchema(id) ?? this.ajv.compile(contract.schema);
      this.validators.set(id, fn);
    }
    return fn;
  }

  /** null when the value matches the contract, else the first problem (for logs). */
  problem(contract: Contract, value: unknown): string | null {
    const validate = this.validator(contract);
    if (validate(value)) return null;
    const first = validate.errors?.[0];
    return first ? `${first.instancePath || '/'} ${first.message ?? 'geçersiz'}` : 'geçersiz';
  }

  contractFor(kind: 'events' | 'live', subject: string): Contract {
    const contract =
      (this.contracts[kind] as Record<string, Contract | undefined>)[subject] ??
      (kind === 'events' ? this.filterContractMatching(subject) : undefined);
    if (!contract) throw new ContractError(subject, `no ${kind} contract`);
    return contract;
  }

  /** The contract of the wildcard filter that covers a subject (`work.admin.bulk-email.*` covers each deployment's). */
  private filterContractMatching(subject: string): Contract | undefined {
    const tokens = subject.split('.');
    for (const [filter, contract] of Object.entries(this.contracts.filters as Record<string, Contract>)) {
      const pattern = filter.split('.');
      const matches = pattern.every((p, i) =>
        p === '>' ? i < tokens.length : i < tokens.length && (p === '*' || p === tokens[i]),
      );
      if (matches && (pattern.at(-1) === '>' || pattern.length === tokens.length)) return contract;
    }
    return undefined;
  }

  requestContract(subject: string): RequestContract {
    const contract = (this.contracts.requests as Record<string, RequestContract | undefined>)[subject];
    if (!contract) throw new ContractError(subject, 'no request contract');
    return contract;
  }

  /** The contract of a consumed message: its own subject's, else the filter's (wildcards). */
  consumedContract(filter: string, subject: string): Contract | undefined {
    return (
      (this.contracts.events as Record<string, Contract | undefined>)[subject] ??
      (this.contracts.filters as Record<string, Contract | undefined>)[filter] ??
      this.filterContractMatching(subject)
    );
  }

  /** Throws a ContractError when a payload to be sent breaks the contract of its subject. */
  check(kind: 'events' | 'live', subject: string, payload: unknown): void {
    const invalid = this.problem(this.contractFor(kind, subject), payload);
    if (invalid) throw new ContractError(subject, invalid);
  }
}
