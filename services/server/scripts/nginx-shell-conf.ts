/**
 * Renders the web-shell nginx config of the docker images (infra/Dockerfile, build stage): the
 * template infra/nginx/shell.conf.template with `@CONTENT_SECURITY_POLICY@` replaced by the policy
 * the server itself sends (src/web/security-headers.ts) for the built shell page — its inline
 * scripts by hash — and the remotes' origins left as `${REMOTE_ORIGINS}`, which the nginx image
 * fills from the environment at start.
 *
 *   node --import tsx services/server/scripts/nginx-shell-conf.ts <template> <shell index.html> <output>
 */
import fs from 'node:fs';
import { renderShellNginxConf } from '../src/web/security-headers.ts';

const [template, page, output] = process.argv.slice(2);
if (!template || !page || !output) {
  console.error('usage: nginx-shell-conf.ts <template> <shell index.html> <output>');
  process.exit(2);
}
fs.writeFileSync(output, renderShellNginxConf(fs.readFileSync(template, 'utf8'), fs.readFileSync(page, 'utf8')));
