// Matrix mode of the harness: clients × servers on a small interop script.
export { matrixClientFromArg, matrixServerFromArg } from './cli-specs.js';
export type { InteropClient, InteropStep, InteropTarget, StepOutcome } from './interop-script.js';
export {
  chooseTool,
  formatStepLine,
  INTEROP_STEPS,
  INTEROP_TARGET_ENV,
  parseStepLines,
  runDriver,
  runInteropScript,
  sampleArguments,
} from './interop-script.js';
export { MATRIX_DRIVERS, matrixDriverCommand, matrixPeerPath } from './peers-and-drivers.js';
export { runPooled } from './pool.js';
export type { MatrixClient, MatrixOptions, MatrixServer } from './run-matrix.js';
export { cellFrom, runMatrix, startHttpServerCommand, stopProcessGroup } from './run-matrix.js';
