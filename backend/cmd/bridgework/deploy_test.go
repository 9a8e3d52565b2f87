package main

import (
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The shipped deployments trust forwarded addresses only from their own proxy, and that proxy
// never passes on what a client wrote in X-Forwarded-For (docs/security.md, "What holds each row").
func TestDeploy_forwardedAddressesCannotBeForged(t *testing.T) {
	compose, err := os.ReadFile("../../../docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	trusted := regexp.MustCompile(`TRUSTED_PROXIES:\s*(\S+)`).FindSubmatch(compose)
	nginx := regexp.MustCompile(`ipv4_address:\s*([0-9.]+)`).FindSubmatch(compose)
	if trusted == nil || nginx == nil || string(trusted[1]) != string(nginx[1]) {
		t.Errorf("docker-compose.yml trusts %q, want exactly nginx's fixed address %q", trusted, nginx)
	}

	confs, _ := filepath.Glob("../../../deploy/*")
	if len(confs) == 0 {
		t.Fatal("no nginx configuration in deploy/")
	}
	for _, path := range confs {
		conf, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(conf), "proxy_pass") {
			continue
		}
		if strings.Contains(string(conf), "$proxy_add_x_forwarded_for") || !strings.Contains(string(conf), "X-Forwarded-For $remote_addr") {
			t.Errorf("%s must replace X-Forwarded-For with $remote_addr, not append to it", path)
		}
	}
}

// scripts/cluster.sh's instances listen on loopback only and trust forwarded addresses from
// nginx alone, which connects from a loopback address of its own (proxy_bind): a process that
// connects from 127.0.0.1 is not trusted (httpapi's TestTrustedProxy_onlyItsOwnSourceAddress).
func TestDeploy_clusterTrustsOnlyNginxsOwnSource(t *testing.T) {
	script, err := os.ReadFile("../../../scripts/cluster.sh")
	if err != nil {
		t.Fatal(err)
	}
	template, err := os.ReadFile("../../../deploy/nginx.conf.template")
	if err != nil {
		t.Fatal(err)
	}
	setting := func(name string) string {
		m := regexp.MustCompile(`(?m)^` + name + `=(\S+)$`).FindSubmatch(script)
		if m == nil {
			t.Fatalf("scripts/cluster.sh sets no %s", name)
		}
		return string(m[1])
	}
	host, source := setting("INSTANCE_HOST"), setting("NGINX_SOURCE")
	if host != "127.0.0.1" || source == host || !net.ParseIP(source).IsLoopback() {
		t.Errorf("instances on %s trusting %s, want 127.0.0.1 trusting another loopback address", host, source)
	}
	for _, want := range []string{"HOST=$INSTANCE_HOST ", "TRUSTED_PROXIES=$NGINX_SOURCE ", `"s#__SOURCE__#$NGINX_SOURCE#"`} {
		if !strings.Contains(string(script), want) {
			t.Errorf("scripts/cluster.sh lacks %s", want)
		}
	}
	if !strings.Contains(string(template), "proxy_bind __SOURCE__;") {
		t.Error("deploy/nginx.conf.template does not bind nginx's connections to __SOURCE__")
	}
}
