package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The shipped deployments trust forwarded addresses only from their own proxy, and that proxy
// never passes on what a client wrote in X-Forwarded-For (issue 11, item 8).
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
