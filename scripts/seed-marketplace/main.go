// Command seed-marketplace fills a database with the demo marketplace scaled up, for
// scripts/bench-marketplace.sh: one startup with 50 tasks × 4 submissions (every status), the
// student with a submission on each, and a large open market from 100 other startups. It goes
// through the same services as the API, so the rows are exactly what real use writes. It prints
// the two accounts' tokens as shell assignments.
//
//	DATABASE_URL=postgres://… JWT_SECRET=… go run ./scripts/seed-marketplace -open 100000
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"bridgework/backend/accounts"
	"bridgework/backend/app"
	"bridgework/backend/config"
	"bridgework/backend/store"
	"bridgework/backend/tasks"
)

func main() {
	open := flag.Int("open", 100_000, "open tasks on the market besides the bench startup's 50")
	workers := flag.Int("workers", 8, "concurrent inserts")
	flag.Parse()
	if err := run(*open, *workers); err != nil {
		fmt.Fprintln(os.Stderr, "seed-marketplace:", err)
		os.Exit(1)
	}
}

func run(open, workers int) error {
	ctx := context.Background()
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	db, _, err := app.Connect(ctx, cfg, logger)
	if err != nil {
		return err
	}
	// Cheap password hashing: these accounts exist only for the benchmark.
	a, err := app.Build(cfg, db, nil, app.Options{
		Logger: logger,
		Hash:   accounts.HashParams{MemoryKiB: 64, Iterations: 1, Threads: 1},
	})
	if err != nil {
		return err
	}
	defer a.Shutdown(ctx)

	run := store.NewID()[24:]
	register := func(in accounts.RegisterInput) (accounts.Session, error) {
		in.Email = fmt.Sprintf("%s-%s@bench.bridgework.app", in.Email, run)
		in.Password, in.ConfirmPassword = "bench-password", "bench-password"
		return a.Accounts.Register(ctx, in, accounts.Client{UserAgent: "seed"})
	}
	startup, err := register(accounts.RegisterInput{Email: "startup", UserType: "startup", CompanyName: "Bench Startup"})
	if err != nil {
		return err
	}
	var students []accounts.Session
	for _, name := range []string{"Asha", "Leo", "Mina", "Omar"} {
		s, err := register(accounts.RegisterInput{Email: strings.ToLower(name), UserType: "student", FirstName: name, LastName: "Bench"})
		if err != nil {
			return err
		}
		students = append(students, s)
	}

	// The bench startup: 50 tasks, 4 submissions each; the first student's is pending,
	// under review, approved or rejected in turn.
	for i := range 50 {
		t, err := a.Tasks.Post(ctx, startup.User, input(i, "design"))
		if err != nil {
			return err
		}
		for _, s := range students {
			if _, err := a.Tasks.SubmitLink(ctx, s.User, t.ID, "https://github.com/bench/"+t.ID[24:]); err != nil {
				return err
			}
		}
		// A quarter of the tasks each: waiting, under review, closed by an approval, rejected.
		me := students[0].User.ID
		decision := map[int]tasks.Decision{
			1: {StudentID: me, Action: tasks.ActionReview},
			2: {StudentID: me, Action: tasks.ActionApprove, Notes: "Good work", After: tasks.CompleteTask},
			3: {StudentID: me, Action: tasks.ActionReject, Notes: "Not yet"},
		}
		if d, ok := decision[i%4]; ok {
			_, _, err = a.Tasks.Apply(ctx, startup.User.ID, t.ID, d)
		}
		if err != nil {
			return err
		}
	}

	// The open market.
	var owners []*accounts.User
	for i := range 100 {
		s, err := register(accounts.RegisterInput{Email: fmt.Sprintf("owner%d", i), UserType: "startup", CompanyName: fmt.Sprintf("Startup %d", i)})
		if err != nil {
			return err
		}
		owners = append(owners, s.User)
	}
	start := time.Now()
	var next, failed atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= open {
					return
				}
				if _, err := a.Tasks.Post(ctx, owners[i%len(owners)], input(i, "")); err != nil {
					failed.Add(1)
					fmt.Fprintln(os.Stderr, "post:", err)
				}
				if i > 0 && i%10_000 == 0 {
					fmt.Fprintf(os.Stderr, "  %d open tasks in %s\n", i, time.Since(start).Round(time.Second))
				}
			}
		}()
	}
	wg.Wait()
	if failed.Load() > 0 {
		return fmt.Errorf("%d posts failed", failed.Load())
	}
	fmt.Printf("STARTUP_TOKEN=%s\nSTUDENT_TOKEN=%s\n", startup.Token, students[0].Token)
	return nil
}

var (
	verbs    = []string{"Build", "Design", "Write", "Analyse", "Test", "Document", "Plan", "Migrate", "Review", "Automate"}
	objects  = []string{"a landing page", "onboarding screens", "an API client", "a sales dataset", "a newsletter", "a CI pipeline", "a pitch deck", "a database schema", "a mobile app screen", "a hiring plan"}
	skillSet = [][]string{{"React", "CSS"}, {"Figma"}, {"Go", "SQL"}, {"Python", "Pandas"}, {"Copywriting"}, {"Docker", "GitHub Actions"}, {"Keynote"}, {"PostgreSQL"}, {"Kotlin"}, {"Recruiting"}}
	kinds    = []struct{ workType, category string }{
		{"technical", "web-development"}, {"technical", "design"}, {"technical", "api-development"}, {"technical", "data-analysis"},
		{"non-technical", "writing"}, {"technical", "devops"}, {"non-technical", "business-development"}, {"technical", "database"},
		{"technical", "mobile-development"}, {"non-technical", "hr-recruitment"},
	}
)

// input describes the i-th task; category overrides the rotating one when set.
func input(i int, category string) tasks.PostInput {
	k := kinds[i%len(kinds)]
	if category != "" {
		k.workType, k.category = "technical", category
	}
	hours := float64(2 + i%40)
	return tasks.PostInput{
		Title:       fmt.Sprintf("%s %s #%d", verbs[i%len(verbs)], objects[(i/len(verbs))%len(objects)], i),
		Description: fmt.Sprintf("Task %d: %s %s for our team. Deliver a link to the result.", i, strings.ToLower(verbs[i%len(verbs)]), objects[(i/7)%len(objects)]),
		WorkType:    k.workType, Category: k.category, Skills: skillSet[(i/3)%len(skillSet)], EstimatedHours: &hours,
		Deadline: time.Now().AddDate(0, 0, 1+i%365).Format(time.DateOnly),
	}
}
