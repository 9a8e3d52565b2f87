package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bridgework/backend/config"
)

// The embedded default generates its signing key into DATA_DIR once and signs with it on every
// start after; a scaled deployment must be given one, or it does not start.
func TestCredentialIssuer_keyKeptInDataDir(t *testing.T) {
	cfg := config.Config{DataDir: t.TempDir(), PublicURL: "http://localhost:8080"}
	first, err := credentialIssuer(cfg, false)
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(filepath.Join(cfg.DataDir, "credential-signing-key"))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("the generated key is not kept private in DATA_DIR: %v %v", info, err)
	}
	again, err := credentialIssuer(cfg, false)
	if err != nil || again.KeyID() != first.KeyID() || first.DID != "did:web:localhost%3A8080" {
		t.Fatalf("restarted with key %s (%v), first %s", again.KeyID(), err, first.KeyID())
	}
	other, _ := credentialIssuer(config.Config{DataDir: t.TempDir(), PublicURL: cfg.PublicURL}, false)
	if other.KeyID() == first.KeyID() {
		t.Error("two data directories generated the same key")
	}
}

func TestCredentialIssuer_scaledNeedsTheKey(t *testing.T) {
	cfg := config.Config{DataDir: t.TempDir(), PublicURL: "https://bridgework.example"}
	if _, err := credentialIssuer(cfg, true); err == nil || !strings.Contains(err.Error(), "CREDENTIAL_SIGNING_KEY must be set when REDIS_URL is") {
		t.Fatalf("scaled without a key: %v", err)
	}
	if _, err := os.Stat(filepath.Join(cfg.DataDir, "credential-signing-key")); !os.IsNotExist(err) {
		t.Error("a scaled instance generated a key of its own")
	}
	cfg.CredentialSigningKey = "Y3JlZGVudGlhbC1zaWduaW5nLWtleS1mb3ItdGVzdHM="
	if _, err := credentialIssuer(cfg, true); err != nil {
		t.Fatalf("scaled with a key: %v", err)
	}
	for name, bad := range map[string]config.Config{
		"a short key":               {PublicURL: cfg.PublicURL, CredentialSigningKey: "c2hvcnQ="},
		"a bad retired key":         {PublicURL: cfg.PublicURL, CredentialSigningKey: cfg.CredentialSigningKey, CredentialRetiredKeys: []string{"z6MkNotAKey"}},
		"a PUBLIC_URL with a space": {PublicURL: "https://bridge work.example", CredentialSigningKey: cfg.CredentialSigningKey},
	} {
		if _, err := credentialIssuer(bad, true); err == nil {
			t.Errorf("%s: started", name)
		}
	}
}
