// The topology and checks, for the bench's cluster workload and for tests.
export { CHECKS, type Check, type CheckContext } from './checks/index.js';
export { COUNTER_URI, createClusterServer } from './cluster-server.js';
export { NGINX, type NginxNode, nginxConfig, startNginx } from './nginx.js';
export { REDIS_SERVER, startRedis } from './redis.js';
export { type CheckRun, runChecks, runClusterCheck } from './run-checks.js';
export { type ServerNode, startTopology, type Topology, type TopologyOptions } from './topology.js';
