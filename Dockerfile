# The gateway in one image: `docker build -t cryptogate .` then run it with ROLE=api, worker or all.
# compose.yaml runs the production layout (API and worker on PostgreSQL and Redis).
FROM node:20-bookworm-slim

WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data

# The dependencies first, so that a change of the sources reuses their layer. `npm ci` runs the
# prepare script, which needs the sources to build the start bundle: it runs again after the copy.
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts && npm cache clean --force
COPY . .
RUN npm run prepare && mkdir -p /data && chown node:node /data

USER node
VOLUME ["/data"]
EXPOSE 8080
# /readyz answers 200 once the database is reachable; Node's own fetch, as the image has no curl.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["npm", "start"]
