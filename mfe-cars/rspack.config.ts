import path from 'node:path';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const dirname = import.meta.dirname;
const isProduction = process.env.NODE_ENV !== 'development';

/**
 * Shared modules: the same table is in shell/rspack.config.ts (each app builds alone). The
 * singletons hold React state and contexts, so the shell and every remote must use one copy.
 */
const shared = {
  react: { singleton: true, requiredVersion: '^19.2.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.2.0' },
  'react-router': { singleton: true, requiredVersion: '^7.9.0' },
  'react-router-dom': { singleton: true, requiredVersion: '^7.9.0' },
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.90.0' },
  '@pitwall/kit': { singleton: true, requiredVersion: '0.1.0' },
  zod: { requiredVersion: '^4.1.0' },
  'react-hook-form': { requiredVersion: '^7.65.0' },
  'date-fns': { requiredVersion: '^4.1.0' },
};

export default defineConfig({
  mode: isProduction ? 'production' : 'development',
  context: dirname,
  entry: { main: './src/index.ts' },
  devtool: isProduction ? false : 'eval-cheap-module-source-map',
  output: {
    path: path.resolve(dirname, 'dist'),
    publicPath: 'auto',
    filename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
    chunkFilename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
    cssFilename: isProduction ? '[name].[contenthash:8].css' : '[name].css',
    assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
    uniqueName: 'mfe_cars',
    clean: true,
  },
  resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'] },
  module: {
    // `import styles from './x.module.css'` (default export of the class map).
    parser: { 'css/auto': { namedExports: false } },
    rules: [
      {
        // No `exclude`: @pitwall/kit and @pitwall/contracts are TypeScript source behind node_modules symlinks.
        test: /\.tsx?$/,
        loader: 'builtin:swc-loader',
        type: 'javascript/auto',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: !isProduction } },
            target: 'es2022',
          },
        },
      },
      { test: /\.css$/, type: 'css/auto' },
      { test: /\.(svg|png|jpe?g|webp)$/, type: 'asset/resource' },
    ],
  },
  plugins: [
    // index.html is the standalone dev page (src/bootstrap.tsx); the shell never loads it.
    new rspack.HtmlRspackPlugin({ template: './index.html' }),
    new ModuleFederationPlugin({
      name: 'mfe_cars',
      filename: 'remoteEntry.js',
      // The shell renders this inside its router, QueryClientProvider and kit providers.
      exposes: { './App': './src/app.tsx' },
      shared,
      // 'version-first' (the default) fetches EVERY registered remote before a shared module loads, so one
      // missing remote would break lazy chunks everywhere; take what is loaded or our own copy instead.
      shareStrategy: 'loaded-first',
      manifest: { fileName: 'mf-manifest.json' },
      dts: false,
    }),
  ],
  performance: { hints: false },
  devServer: {
    port: 3002,
    historyApiFallback: true,
    proxy: [{ context: ['/api', '/config.json', '/remotes'], target: 'http://localhost:3000' }],
  },
});
