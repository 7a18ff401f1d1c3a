# syntax=docker/dockerfile:1
#
# One image for every process of the service (see docker-compose.yml):
#   api      node dist/api/main.js                  (the default CMD)
#   worker   node dist/worker.js                    (runs the prebuilt workflow bundle)
#   migrate  node --import tsx scripts/migrate.ts   (prisma migrate deploy on the WASM engine)
#
# Build: docker build -t durable-agents .

ARG NODE_IMAGE=node:20-bookworm-slim

# ---------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS base
WORKDIR /app
# Prisma's CLI probes the system's OpenSSL at start-up and warns loudly when it finds none.
RUN apt-get update \
  && apt-get install -y --no-install-recommends openssl ca-certificates \
  && rm -rf /var/lib/apt/lists/*
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false \
    CHECKPOINT_DISABLE=1 \
    PRISMA_HIDE_UPDATE_MESSAGE=1

# ---------------------------------------------------------------------------------------------
# Compile the TypeScript, generate the Prisma client and prebuild the workflow bundle.
FROM base AS build
COPY package.json package-lock.json ./
# --ignore-scripts: no dependency needs its install script (Prisma runs its JS/WASM engines, the
# native modules ship as prebuilt optional packages), and the root `postinstall` (prisma generate)
# needs the sources, which are copied below; `npm run build` generates the client itself.
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts
COPY . .
# prisma generate needs some DATABASE_URL (nothing connects to it): without one, Prisma cannot read
# the generator's engineType and downloads a native query engine the client does not use.
RUN DATABASE_URL=postgresql://build@localhost:5432/build npm run build \
  && npx tsx scripts/bundle-workflows.ts /app/dist/workflow-bundle.js

# ---------------------------------------------------------------------------------------------
# Production dependencies only (tsx and prisma are regular dependencies: the migrate job uses them).
FROM base AS prod-deps
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts

# ---------------------------------------------------------------------------------------------
FROM base AS runtime
# MALLOC_ARENA_MAX: glibc gives each thread that allocates (the Temporal core's, libuv's) an arena of
# its own, and the worker's resident memory grew by tens of MiB with them (docs/adr/0035).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    WORKFLOW_BUNDLE_PATH=/app/dist/workflow-bundle.js
# Everything stays owned by root and read-only to the `node` user the processes run as.
COPY package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The chat widget and the operator console, served as they are (no build step).
COPY --from=build /app/web ./web
# The migrate job runs the TypeScript sources with tsx: `prisma migrate deploy` is started from the
# project root, where it reads prisma.config.ts (not part of the compiled build) and prisma/.
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/prisma.config.ts /app/tsconfig.json ./
COPY --from=build /app/config ./config
COPY --from=build /app/infra ./infra
COPY --from=build /app/scripts/migrate.ts ./scripts/migrate.ts

# DATA_DIR: files of the storage builtins (a volume shared by the API and the worker in compose).
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
CMD ["node", "dist/api/main.js"]
