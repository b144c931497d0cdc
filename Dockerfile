# Build: src/ compiled to dist/ and bundled into dist/bundle/ (`npm run build`, as `npm start` does), with the dev dependencies.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
# npm install (not ci) with the lockfile: the lock was made on a registry that lacks some other
# platforms' optional binaries, which npm ci's strict check would demand.
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The sources too: the CLIs (`npm run user:create`, ...) run them directly (Node 24 strips the types).
COPY src ./src
COPY schema ./schema
# The embedded database (when DATABASE_URL is unset) and uploads waiting for their import live here; mount volumes to keep them.
RUN mkdir -p /app/data/imports && chown -R node:node /app/data
USER node
ENV HOST=0.0.0.0 PORT=8000 PGLITE_DIR=/app/data/pglite
# glibc's allocator settings (src/memory-settings.ts, which applies them itself when none is set)
# and npm start's node flags: a smaller young generation, and gc exposed for the one collection
# after start-up (docs/operations.md, Memory).
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=32768 MALLOC_TRIM_THRESHOLD_=131072
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD node -e "fetch('http://127.0.0.1:8000/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=32", "--max-old-space-size=1024", "--expose-gc", "dist/bundle/main.js"]
