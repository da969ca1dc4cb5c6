/** The Node projects' test settings (vitest-native.mjs). */
export declare const nativeTypeScript: {
  execArgv: string[];
  experimental: { viteModuleRunner: false; nodeLoader: false };
};
