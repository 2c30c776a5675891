# syntax=docker/dockerfile:1
# The sources are compiled to JavaScript (npm run build, tsc) so the running bot does not carry
# Node's type stripper: 15 MB less resident memory at idle (bench/memory.ts: 154 → 139 MB).
# One stage compiles, one installs production dependencies only, the last runs as a non-root user.

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build

FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force

FROM node:24-slim AS runtime
# The report charts are drawn with DejaVu Sans (Cyrillic, ₽): resvg reads it by path
# (src/services/reports/chart-fonts.ts); node:24-slim has no fonts of its own.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=8080
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/dist ./dist
COPY locales ./locales
# What Ozon's documents announce of each method (/status, the built-in sandbox).
COPY ozon-openapi/lifecycle.json ./ozon-openapi/lifecycle.json
# The image's own unprivileged "node" user owns only the data folder.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
# A smaller young generation (as `npm start`): each pass's Ozon answers are freed sooner. Measured
# with bench/memory.ts (steady RSS at idle): Node's default 184 MB, 16 MB semi-spaces 178 MB,
# 8 MB 150 MB; 10 000 postings + 2 000 chats 290 MB with 16, 282 MB with 8. The price: more
# scavenges in a burst of updates, ~10-15% more CPU per /help (bench/ingress.ts, 0.49-0.61 →
# 0.60-0.68 ms on a shared 2-core machine).
CMD ["node", "--max-semi-space-size=8", "dist/main.js"]
