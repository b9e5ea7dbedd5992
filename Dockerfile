# One image for web, worker and the one-shot migration (not exercised by CI: no Docker engine
# runs on the build machines).
FROM node:20-bookworm-slim AS base
ENV NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1
WORKDIR /app
# g++ compiles judged C++ programs; python3 runs judged Python programs.
RUN apt-get update && apt-get install -y --no-install-recommends python3 g++ util-linux && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json tsconfig.base.json turbo.json prisma.config.ts ./
COPY prisma ./prisma
COPY scripts ./scripts
COPY apps ./apps
COPY packages ./packages
RUN npm ci --no-audit --no-fund && npm run build -w @frontier/web

FROM base AS runtime
EXPOSE 3000
CMD ["node", "apps/cli/bin/frontier.js", "up"]
