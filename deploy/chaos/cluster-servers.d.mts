/** The lame duck lines of the HA NATS configuration (deploy/k8s/infra-ha/nats.conf, or `conf`), as the chaos cluster's servers take them. */
export function lameDuckSettings(conf?: string): string[];

/** PostgreSQL, a synchronous standby and FerretDB over them (FerretDB's own PostgreSQL pool: 50 connections). */
export function startPostgresFerret(
  dir: string,
  options: { ferretdb: string; say?: (line: string) => void },
): Promise<{ url: string; primaryPort: number; standbyPort: number; failover(): Promise<void>; stop(): Promise<void> }>;
