/** The lame duck lines of the HA NATS configuration (deploy/k8s/infra-ha/nats.conf, or `conf`), as the chaos cluster's servers take them. */
export function lameDuckSettings(conf?: string): string[];
