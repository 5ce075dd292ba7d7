# One image for the api, projector and worker services (docker-compose.yml picks the command).
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/event-store/package.json packages/event-store/
COPY packages/platform/package.json packages/platform/
COPY packages/read-model/package.json packages/read-model/
COPY apps/api/package.json apps/api/
COPY apps/projector/package.json apps/projector/
COPY apps/worker/package.json apps/worker/
COPY apps/web/package.json apps/web/
COPY tests/package.json tests/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production
EXPOSE 3000
CMD ["node", "--enable-source-maps", "apps/api/dist/main.mjs"]
