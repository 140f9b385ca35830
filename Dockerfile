# wiki-gateway container image: `docker build -t wiki-gateway .` (see docs/deployment.md).

# The Node.js release the image runs: the Node 24 LTS line ("Krypton", security fixes until
# 2028-04-30; see docs/deployment.md, "Node.js runtime"). A full release, not a floating tag, so the image
# runs what CI tested: CI runs the unit tests under this release and the container test checks that
# the image's `node --version` is this one (scripts/container/dockerfile-base.sh reads this line).
ARG NODE_VERSION=24.21.0

# ---- build: compile TypeScript, then keep production dependencies only ----
FROM node:${NODE_VERSION}-bookworm-slim AS build
LABEL io.wiki-gateway.stage="build"
WORKDIR /app
# No dependency needs an install script for the production build, so scripts are skipped: npm 11
# (the image's and the developers') would otherwise ask for approved scripts. Only the product is
# installed and built: the sandbox workspace (packages/sandbox), bench/ and the tests stay out of
# the build context (.dockerignore) and out of the image.
COPY package.json package-lock.json ./
RUN npm ci --workspaces=false --ignore-scripts --no-audit --no-fund
COPY tsconfig.base.json tsconfig.build.json ./
COPY src ./src
COPY bin ./bin
COPY config ./config
COPY scripts/bundle.mjs ./scripts/bundle.mjs
RUN npm run build:product && npm prune --omit=dev --workspaces=false --ignore-scripts --no-audit --no-fund

# ---- runtime ----
FROM node:${NODE_VERSION}-bookworm-slim
LABEL org.opencontainers.image.title="wiki-gateway" \
      org.opencontainers.image.description="Telegram bots that answer from a Wiki.js knowledge base" \
      org.opencontainers.image.licenses="MIT" \
      io.wiki-gateway.stage="runtime"
# Memory (docs/performance.md, "Memory: idle and over time"): V8's young generation stays small (it otherwise grows to 32 MB
# while the index loads and keeps it) and glibc keeps two malloc arenas instead of one per thread.
ENV NODE_ENV=production \
    GATEWAY_CONFIG=/config/gateway.json \
    GATEWAY_STATE_DIR=/state \
    GATEWAY_HTTP_HOST=0.0.0.0 \
    GATEWAY_HTTP_PORT=8080 \
    LOG_FORMAT=json \
    NODE_OPTIONS=--max-semi-space-size=2 \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json /app/package-lock.json ./
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --from=build --chown=root:root /app/bin ./bin
COPY --from=build --chown=root:root /app/config ./config
# The application is root-owned and read-only to the gateway; only /state is writable, by node (1000).
RUN mkdir -p /config /state && chown node:node /state
USER node
VOLUME ["/config", "/state"]
EXPOSE 8080
# GET /healthz with Node's fetch (the slim image has no curl), on the host the server listens on
# (loopback when it listens on every address).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "const e=process.env,h=e.GATEWAY_HTTP_HOST,a=!h||h==='0.0.0.0'||h==='::'?'127.0.0.1':h.includes(':')?'['+h+']':h;fetch('http://'+a+':'+(e.GATEWAY_HTTP_PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "/app/bin/wiki-gateway.js"]
CMD ["start"]
