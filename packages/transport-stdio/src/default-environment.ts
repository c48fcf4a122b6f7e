/**
 * Variables a spawned server inherits by default: enough to find programs and a home, nothing
 * that tends to hold secrets. Pass `inheritEnv: true` to give it the whole environment.
 */
export const DEFAULT_INHERITED_ENV_VARS: readonly string[] = /* @__PURE__ */ inheritedEnvVars();

// A function, not an expression at module level: reading `process.platform` there would keep this
// module in every bundle of the package's single-file build, even servers that never spawn.
function inheritedEnvVars(): readonly string[] {
  return process.platform === 'win32'
    ? [
        'APPDATA',
        'HOMEDRIVE',
        'HOMEPATH',
        'LOCALAPPDATA',
        'PATH',
        'PATHEXT',
        'PROCESSOR_ARCHITECTURE',
        'SYSTEMDRIVE',
        'SYSTEMROOT',
        'TEMP',
        'TMP',
        'USERNAME',
        'USERPROFILE',
        'WINDIR',
      ]
    : ['HOME', 'LANG', 'LC_ALL', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'TMPDIR', 'TZ', 'USER'];
}

/** The default environment of a spawned server: `DEFAULT_INHERITED_ENV_VARS` taken from this process. */
export function getDefaultEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of DEFAULT_INHERITED_ENV_VARS) {
    const value = process.env[name];
    // Exported shell functions ("() { ...") are a known injection vector; never pass them on.
    if (value === undefined || value.startsWith('()')) continue;
    env[name] = value;
  }
  return env;
}
