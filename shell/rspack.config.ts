import path from 'node:path';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const dirname = import.meta.dirname;
const isProduction = process.env.NODE_ENV !== 'development';

/**
 * Shared modules: the same table is in mfe-cars/rspack.config.ts (each app builds alone). The
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
    publicPath: '/',
    filename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
    chunkFilename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
    cssFilename: isProduction ? '[name].[contenthash:8].css' : '[name].css',
    assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
    uniqueName: 'shell',
    clean: true,
  },
  resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'] },
  module: {
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
    new rspack.HtmlRspackPlugin({ template: './index.html' }),
    new ModuleFederationPlugin({
      name: 'shell',
      // Remotes are registered at run time from /config.json (see src/remotes/remote-config.ts).
      remotes: {},
      shared,
      // 'version-first' (the default) fetches EVERY registered remote before a shared module loads, so one
      // missing remote would break lazy chunks everywhere; take what is loaded or our own copy instead.
      shareStrategy: 'loaded-first',
      runtimePlugins: [path.resolve(dirname, 'src/remotes/runtime-plugin.ts')],
      dts: false,
    }),
  ],
  performance: { hints: false },
  devServer: {
    port: 3001,
    historyApiFallback: true,
    proxy: [{ context: ['/api', '/config.json', '/remotes'], target: 'http://localhost:3000' }],
  },
});
