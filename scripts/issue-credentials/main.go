// Command issue-credentials has a real Bridgework server issue credentials for the independent
// verifier (scripts/verify-credentials.sh): it starts the embedded default on a fresh SQLite
// database in a temporary directory, on loopback, has startups approve the work of students whose
// names are written in several scripts, and saves what anyone can download: each credential,
// its baked badge, the certificate PDF, and the DID document.
//
//	go run ./scripts/issue-credentials -out DIR
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"bridgework/backend/app"
	"bridgework/backend/config"
)

// sample is one approved piece of work: who did it, for whom, and what the startup wrote.
type sample struct {
	file               string // the files' name, without extension
	first, last        string
	company, website   string
	verifiedDomain     string // set on the startup as a verification would, "" for none
	title, link, notes string
	skills             []string
}

var samples = []sample{
	{"latin", "Rosa", "Díaz", "Nimbus Labs", "https://www.nimbus.io", "nimbus.io",
		"Build a landing page", "https://github.com/rosa/landing", "Great work, thank you!\nShipped as is.", []string{"React", "CSS"}},
	{"cyrillic-cjk", "Аша", "李明", "Ёлка & Co", "", "",
		"Перевести сайт · 翻译网站", "https://example.com/перевод?lang=中文#раздел", "Отлично\t— спасибо! 👍 \"quoted\"", []string{"Перевод", "中文"}},
	{"devanagari", "आशा", "वर्मा", "Bharat Tech", "https://bharat.example.in/", "",
		"डेटा विश्लेषण", "https://münchen.de/straße", "", []string{"डेटा", "Python"}},
}

func main() {
	out := flag.String("out", "", "the directory the files are written to")
	flag.Parse()
	if *out == "" {
		log.Fatal("-out is required")
	}
	if err := run(*out); err != nil {
		log.Fatal(err)
	}
}

func run(out string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	data, err := os.MkdirTemp("", "issue-credentials-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(data)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	cfg.DataDir, cfg.StaticDir, cfg.DatabaseURL, cfg.RedisURL = data, data, "", ""
	cfg.PublicURL = "http://" + ln.Addr().String()
	cfg.RegistrationsPerIP, cfg.TasksPerStartup, cfg.APIRequestsPerUser = 0, 0, 0
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	ctx := context.Background()
	db, rdb, err := app.Connect(ctx, cfg, logger)
	if err != nil {
		return err
	}
	a, err := app.Build(cfg, db, rdb, app.Options{Logger: logger})
	if err != nil {
		return err
	}
	server := &http.Server{Handler: a.Handler, ReadHeaderTimeout: 10 * time.Second}
	go server.Serve(ln)
	defer server.Close()
	c := client{base: cfg.PublicURL}

	for _, s := range samples {
		startup, err := c.register(map[string]any{"userType": "startup", "companyName": s.company})
		if err != nil {
			return err
		}
		if s.website != "" {
			if err := c.call("PUT", "/api/startup/profile", startup.token,
				map[string]any{"companyName": s.company, "industry": "Software", "website": s.website}, nil); err != nil {
				return err
			}
		}
		if s.verifiedDomain != "" {
			// What confirming the mailed link stores (package issuers), without the mail.
			if err := db.Exec("UPDATE users SET verified_domain = ?, verified_at = ? WHERE id = ?", s.verifiedDomain, time.Now().UTC(), startup.id).Error; err != nil {
				return err
			}
		}
		student, err := c.register(map[string]any{"userType": "student", "firstName": s.first, "lastName": s.last})
		if err != nil {
			return err
		}
		var task struct {
			ID string `json:"_id"`
		}
		if err := c.call("POST", "/api/startup/tasks", startup.token, map[string]any{
			"title": s.title, "description": "Sample work for the independent verifier.", "workType": "technical",
			"category": "web-development", "skills": s.skills, "estimatedHours": 4,
			"deadline": time.Now().AddDate(0, 1, 0).Format("2006-01-02"),
		}, &task); err != nil {
			return err
		}
		if err := c.call("POST", "/api/student/tasks/"+task.ID+"/submit-link", student.token, map[string]any{"link": s.link}, nil); err != nil {
			return err
		}
		var decision struct {
			Certificate struct {
				ID     string `json:"_id"`
				Number string `json:"certificateNumber"`
			} `json:"certificate"`
		}
		if err := c.call("POST", "/api/startup/tasks/"+task.ID+"/approve", startup.token,
			map[string]any{"studentId": student.id, "approve": true, "reviewNotes": s.notes}, &decision); err != nil {
			return err
		}
		number := decision.Certificate.Number
		for ext, path := range map[string]string{
			".json": "/api/certificates/" + number + "/credential",
			".png":  "/api/certificates/" + number + "/badge.png",
			".pdf":  "/api/student/certificates/" + decision.Certificate.ID + "/download",
		} {
			if err := c.save(path, student.token, filepath.Join(out, s.file+ext)); err != nil {
				return err
			}
		}
	}
	return c.save("/.well-known/did.json", "", filepath.Join(out, "did.json"))
}

// client calls the server's API as its users do.
type client struct{ base string }

type account struct{ id, token string }

var registered int

func (c client) register(fields map[string]any) (account, error) {
	registered++
	fields["email"] = fmt.Sprintf("sample%d-%d@example.com", registered, time.Now().UnixNano())
	fields["password"], fields["confirmPassword"] = "sample-password-1", "sample-password-1"
	var res struct {
		Token string `json:"token"`
		User  struct {
			ID string `json:"_id"`
		} `json:"user"`
	}
	err := c.call("POST", "/api/register", "", fields, &res)
	return account{id: res.User.ID, token: res.Token}, err
}

// call sends body as JSON and decodes a 2xx answer into into (nil: ignored).
func (c client) call(method, path, token string, body, into any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	answer, err := c.do(method, path, token, bytes.NewReader(raw))
	if err != nil || into == nil {
		return err
	}
	return json.Unmarshal(answer, into)
}

func (c client) save(path, token, file string) error {
	answer, err := c.do("GET", path, token, nil)
	if err != nil {
		return err
	}
	return os.WriteFile(file, answer, 0o644)
}

func (c client) do(method, path, token string, body io.Reader) ([]byte, error) {
	req, err := http.NewRequest(method, c.base+path, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	answer, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	if res.StatusCode/100 != 2 {
		return nil, fmt.Errorf("%s %s: %d %s", method, path, res.StatusCode, answer)
	}
	return answer, nil
}
