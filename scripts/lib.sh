# Shared by the scripts: install what is missing from Debian's packages and start the services
# the product needs. Sourced, not run. Every function is safe to call when all is already there.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export PATH="/usr/local/go/bin:$PATH"
PG_URL_DEFAULT="postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else die "need root for: $*"; fi
}

APT_UPDATED=
apt_install() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing ${missing[*]} from Debian's packages"
  if [ -z "$APT_UPDATED" ]; then as_root apt-get update -qq; APT_UPDATED=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

ensure_go() {
  command -v go >/dev/null || apt_install golang-go
}

# ensure_smtp_server installs the mail server the Go tests of email digests send to (they start
# it themselves, one per test, with /usr/bin/python3 -m aiosmtpd).
ensure_smtp_server() {
  /usr/bin/python3 -c 'import aiosmtpd' 2>/dev/null || apt_install python3-aiosmtpd
}

ensure_node() {
  command -v npm >/dev/null || apt_install nodejs npm
}

# ensure_frontend_deps installs the npm packages when node_modules is missing or older than the lockfile.
ensure_frontend_deps() {
  ensure_node
  local fe="$ROOT/frontend"
  if [ ! -d "$fe/node_modules" ] || [ "$fe/package-lock.json" -nt "$fe/node_modules/.package-lock.json" ]; then
    log "installing frontend packages"
    # npm install, not npm ci: the registry reachable here lacks other platforms' builds of some
    # optional native packages (e.g. @tailwindcss/oxide-android-arm64), so the lockfile cannot
    # list them and npm ci's strict check refuses it. npm install follows the same lockfile.
    (cd "$fe" && npm install --no-audit --no-fund --loglevel=error)
  fi
}

build_frontend() {
  ensure_frontend_deps
  log "building the web app"
  # Quiet when it works; tsc and vite print their errors on stdout, so show it when it fails.
  local out
  if ! out=$(cd "$ROOT/frontend" && npm run build --silent 2>&1); then
    echo "$out" >&2
    return 1
  fi
}

build_server() {
  ensure_go
  mkdir -p "$ROOT/bin"
  (cd "$ROOT" && go build -o bin/bridgework ./backend/cmd/bridgework)
}

# ensure_postgres makes PostgreSQL answer on 127.0.0.1:5432 with trust auth for local tests,
# installing and configuring it on a machine that has none.
ensure_postgres() {
  if ! command -v pg_ctlcluster >/dev/null; then
    apt_install postgresql
  fi
  if ! pg_isready -q -h 127.0.0.1 -p 5432; then
    local version
    version=$(ls /etc/postgresql | sort -V | tail -n 1)
    log "starting PostgreSQL $version"
    as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  fi
  if ! psql "$PG_URL_DEFAULT" -Atc 'select 1' >/dev/null 2>&1; then
    # A fresh Debian install asks for passwords on TCP; the tests use trust on loopback only.
    local version hba
    version=$(ls /etc/postgresql | sort -V | tail -n 1)
    hba="/etc/postgresql/$version/main/pg_hba.conf"
    if ! as_root grep -q '^host all all 127.0.0.1/32 trust' "$hba"; then
      log "allowing trust auth on 127.0.0.1 for the local test database"
      as_root sed -i '1i host all all 127.0.0.1/32 trust' "$hba"
      as_root pg_ctlcluster --skip-systemctl-redirect "$version" main reload
      sleep 1
    fi
    as_root su postgres -c "psql -Atc \"select 1 from pg_database where datname='test'\" | grep -q 1 || createdb test"
  fi
  psql "$PG_URL_DEFAULT" -Atc 'select 1' >/dev/null || die "PostgreSQL is not reachable at $PG_URL_DEFAULT"
}

ensure_redis() {
  command -v redis-server >/dev/null || apt_install redis-server
  if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    log "starting Redis"
    as_root mkdir -p /var/lib/redis /var/log/redis
    as_root redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log
    for _ in $(seq 1 20); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.5; done
  fi
  redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null || die "Redis is not reachable at 127.0.0.1:6379"
}

# ensure_stripe_mock installs stripe-mock, the offline Stripe API the payment tests call, into
# GOPATH/bin when it is missing (backend/testenv.StripeMockVersion is the version).
STRIPE_MOCK_VERSION=v0.203.0
ensure_stripe_mock() {
  ensure_go
  STRIPE_MOCK_BIN="$(go env GOPATH)/bin/stripe-mock"
  if [ ! -x "$STRIPE_MOCK_BIN" ]; then
    log "installing stripe-mock $STRIPE_MOCK_VERSION"
    (cd "$ROOT" && GOFLAGS=-buildvcs=false go install "github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION")
  fi
}

# start_stripe_mock starts one stripe-mock on a free port for the whole run, exports its URL as
# STRIPE_MOCK_URL (testenv.StripeMock uses it) and its pid as STRIPE_MOCK_PID, for the caller to
# stop it.
start_stripe_mock() {
  ensure_stripe_mock
  local port
  port=$(free_port)
  "$STRIPE_MOCK_BIN" -http-port "$port" >/dev/null 2>&1 &
  STRIPE_MOCK_PID=$!
  export STRIPE_MOCK_URL="http://127.0.0.1:$port"
  # It reads Stripe's whole OpenAPI document before it listens; any answer means it is up.
  for _ in $(seq 1 120); do
    curl -s -o /dev/null "$STRIPE_MOCK_URL/v1/accounts/acct_ready" && return 0
    kill -0 "$STRIPE_MOCK_PID" 2>/dev/null || die "stripe-mock exited at start"
    sleep 0.25
  done
  die "stripe-mock did not answer at $STRIPE_MOCK_URL"
}

# The static checks scripts/test.sh runs beside go vet, pinned: staticcheck (honnef.co/go/tools)
# and deadcode (golang.org/x/tools). A bump here is all it takes to move to another version.
STATICCHECK_VERSION=v0.8.2
DEADCODE_VERSION=v0.52.0

# ensure_go_tool PACKAGE VERSION prints the path of PACKAGE's command built from VERSION with the
# Go in use, installing it from the module proxy into GOBIN (GOPATH/bin by default) when the binary
# there is missing or was built from another version or by another Go: an analyzer built by an
# older Go cannot read code written for a newer one.
ensure_go_tool() {
  ensure_go
  local pkg=$1 version=$2 dir bin info
  dir=$(go env GOBIN)
  [ -n "$dir" ] || dir="$(go env GOPATH)/bin"
  bin="$dir/${pkg##*/}"
  info=$(go version -m "$bin" 2>/dev/null)
  if ! grep -qx "$bin: $(go env GOVERSION)" <<<"$info" ||
    ! grep -qE "^[[:space:]]+mod[[:space:]]+[^[:space:]]+[[:space:]]+$version([[:space:]]|\$)" <<<"$info"; then
    log "installing ${pkg##*/} $version"
    (cd "$ROOT" && GOFLAGS=-buildvcs=false go install "$pkg@$version") >&2 || return 1
  fi
  echo "$bin"
}

ensure_chromium() {
  [ -x /usr/bin/chromium ] || apt_install chromium
}

ensure_nginx() {
  command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || apt_install nginx-light
}

# free_port prints a TCP port nothing listens on, below 32768, where Linux's range for outgoing
# connections starts by default: a port in that range can be taken by a client's socket between
# this check and the server's bind.
free_port() {
  local port
  while :; do
    port=$((10000 + RANDOM % 22768))
    (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return; }
  done
}

# wait_http waits until url answers 200, or fails after a timeout in seconds, or as soon as the
# process with the optional pid has exited (it will not come up then).
wait_http() {
  local url=$1 timeout=${2:-30} pid=${3:-}
  for _ in $(seq 1 $((timeout * 4))); do
    curl -fsS -o /dev/null "$url" 2>/dev/null && return 0
    if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then return 1; fi
    sleep 0.25
  done
  return 1
}
