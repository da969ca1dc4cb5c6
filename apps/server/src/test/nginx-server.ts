import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Debian's nginx (`.ci/run` installs it), or the one NGINX names. */
export const NGINX = process.env.NGINX ?? (fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');

/**
 * Starts nginx in the foreground with everything it writes (pid, error log, temporary files)
 * in `dir`, and `http` as the body of its http block. As root its workers run as root too, so
 * they can read the test's private temporary folders.
 */
export function startNginx(dir: string, http: string, workers: number | 'auto' = 1): ChildProcess {
  const config = `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes ${workers};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), config);
  return spawn(NGINX, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
