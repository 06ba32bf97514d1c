// Rewrites the generated users of deploy/k8s/infra-ha/redis-ha.sh from the kit (redisUsersWithEnvPasswords): each
// process's Redis user on the data servers (its own keys, no command that lists keys) and on the sentinels (finding
// the master only), its password read from $REDIS_PASSWORD_<PROCESS>. Run after `npm run build`;
// deploy/test/deploy.test.ts fails while the file and the kit differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const k8s = join(fileURLToPath(new URL('../..', import.meta.url)), 'deploy', 'k8s');
const file = join(k8s, 'infra-ha', 'redis-ha.sh');
const { redisUsersWithEnvPasswords } = await import('@meydan/kit');
let text = readFileSync(file, 'utf8');
for (const role of /** @type {const} */ (['server', 'sentinel'])) {
  const begin = `# BEGIN ${role} users (generated)\n`;
  const end = `# END ${role} users (generated)\n`;
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from === -1 || to < from)
    throw new Error(`${file}: the markers '${begin.trim()}' and '${end.trim()}' are missing`);
  text = `${text.slice(0, from + begin.length)}${redisUsersWithEnvPasswords(role)}\n${text.slice(to)}`;
}
writeFileSync(file, text);
// The local overlay's copy (kustomize reads no file outside its folder).
writeFileSync(join(k8s, 'infra', 'redis-ha.sh'), text);
console.log(`${file} and its copy in infra/: users written from the kit`);
