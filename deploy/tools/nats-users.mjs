// Rewrites the generated users of deploy/k8s/infra-ha/nats.conf (the HA servers) and deploy/k8s/infra/nats.conf (one
// server: docker-compose.yml, the local overlay) from proto's contracts and natsUsage (the kit's
// natsUsersWithEnvPasswords): each process's permissions, its password read from $NATS_PASSWORD_<PROCESS>.
// Run after `npm run build`; deploy/test/deploy.test.ts fails while the files and the contracts differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const { natsUsersWithEnvPasswords } = await import('@meydan/kit');
for (const folder of ['infra-ha', 'infra']) {
  const file = join(fileURLToPath(new URL('../..', import.meta.url)), 'deploy', 'k8s', folder, 'nats.conf');
  const begin = '# BEGIN users (generated)\n';
  const end = '# END users (generated)\n';
  const conf = readFileSync(file, 'utf8');
  const from = conf.indexOf(begin);
  const to = conf.indexOf(end);
  if (from === -1 || to < from)
    throw new Error(`${file}: the markers '${begin.trim()}' and '${end.trim()}' are missing`);
  writeFileSync(file, `${conf.slice(0, from + begin.length)}${natsUsersWithEnvPasswords()}\n${conf.slice(to)}`);
  console.log(`${file}: users written from the contracts`);
}
