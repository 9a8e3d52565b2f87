# Bridgework: one image with the server and the built web app.
FROM node:22-bookworm-slim AS web
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

FROM golang:1.26-bookworm AS server
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY backend/ backend/
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /bridgework ./backend/cmd/bridgework

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=server /bridgework /bridgework
COPY --from=web /src/frontend/dist /web
ENV STATIC_DIR=/web DATA_DIR=/tmp/data PORT=8080
EXPOSE 8080
USER nonroot
ENTRYPOINT ["/bridgework"]
