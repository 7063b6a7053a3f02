import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// react-router 7's package exports resolve to its development build whatever the mode (its issues
// #12532, #14102): built, the app takes the production build it ships, without dev-only warnings.
const reactRouterProduction = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');

type RouteModules = { path: string; modules: string[]; signedIn?: true }[];

/**
 * Emits dist/route-preloads.json: for each URL pattern of the app (route-modules.json, kept true by
 * src/app/__tests__/route-modules.test.ts), the chunks its layouts and page load besides those
 * index.html already names. The server adds them to the index.html it answers for a matching URL as
 * modulepreload links, so a page's code downloads beside the app's own instead of after it (issue 17).
 */
function routePreloads(): Plugin {
  const webRoot = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'route-preloads',
    apply: 'build',
    // after Vite's CSS plugin has dropped the empty chunks of CSS-only modules
    enforce: 'post',
    generateBundle(_options, bundle) {
      const routes = JSON.parse(readFileSync(new URL('./route-modules.json', import.meta.url), 'utf8')) as RouteModules;
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      /** The chunks `files` load, themselves included, and the CSS files they bring (Vite's `importedCss`). */
      const closure = (files: string[], into = new Set<string>()) => {
        for (const file of files) {
          if (into.has(file)) continue;
          into.add(file);
          const chunk = byFile.get(file);
          for (const css of chunk?.viteMetadata?.importedCss ?? []) into.add(css);
          closure(chunk?.imports ?? [], into);
        }
        return into;
      };
      const initial = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
      const chunkOf = (module: string) => {
        const id = path.join(webRoot, module);
        const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
        if (!chunk) this.error(`route-preloads: no chunk holds ${module} (route-modules.json out of date?)`);
        return chunk.fileName;
      };
      const preloads = routes.map(({ path: pattern, modules, signedIn }) => ({
        path: pattern,
        // only files the build writes (an import of a CSS-only module's dropped chunk may linger)
        files: [...closure(modules.map(chunkOf))].filter((f) => !initial.has(f) && f in bundle).map((f) => `/${f}`),
        ...(signedIn ? { signedIn } : {}),
      }));
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify(preloads)}\n` });
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    routePreloads(),
    // issue 21: installable, and a teacher's registers and score sheets keep working offline (src/sw.ts)
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // registered by the signed-in shell (lib/offline.ts), not by a script of the login page
      injectRegister: false,
      manifest: {
        name: 'SchoolSuite — School management',
        short_name: 'SchoolSuite',
        description: 'Registers, score sheets and the school day, also when the connection drops.',
        start_url: '/auth/login',
        scope: '/',
        display: 'standalone',
        theme_color: '#3C1263',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // the app's code, styles and icons; not the landing page's pictures
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['landing/**', 'auth-pattern.svg'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      includeManifestIcons: false,
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      ...(command === 'build' ? { 'react-router': reactRouterProduction } : {}),
    },
  },
  define: {
    // The persisted query cache is discarded when this changes (see lib/query-client.ts).
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(pkg.version),
  },
  server: {
    // API_PORT lets several local servers (one per developer task) sit behind their own Vite.
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}`, changeOrigin: false } },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
}));
