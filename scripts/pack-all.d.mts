// Types of pack-all.mjs, for the release check and the test that import it.
export interface PackageManifest {
  name: string;
  version: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
export interface PackedPackage {
  name: string;
  version: string;
  /** Absolute path of the tarball pnpm wrote. */
  tarball: string;
}
export declare function publishablePackages(root: string): (PackageManifest & { dir: string })[];
export declare function packAll(
  root: string,
  destination: string,
  packages: readonly PackageManifest[],
): Promise<PackedPackage[]>;
export declare function unversionedTarballName(name: string): string;
