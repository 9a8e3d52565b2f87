// Package demo loads a small data set on first start (SEED_DEMO=true), so a fresh clone has
// something to look at: the accounts listed in the README, and a marketplace with open tasks,
// a submission waiting for review and an approved one with its certificate.
package demo

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/tasks"
)

// Password is every demo account's password; the README lists the accounts.
const Password = "demo1234"

// Accounts are the demo users, by email.
var Accounts = []accounts.RegisterInput{
	{Email: "student@demo.bridgework.app", UserType: "student", FirstName: "Asha", LastName: "Verma", College: "IIT Delhi"},
	{Email: "student2@demo.bridgework.app", UserType: "student", FirstName: "Leo", LastName: "Martins", College: "TU Munich"},
	{Email: "startup@demo.bridgework.app", UserType: "startup", CompanyName: "Nimbus Labs"},
	{Email: "startup2@demo.bridgework.app", UserType: "startup", CompanyName: "Greenleaf Analytics"},
}

// Seed creates the demo accounts that do not exist yet, then the demo marketplace unless the
// demo startup already has tasks.
func Seed(ctx context.Context, acc *accounts.Service, market *tasks.Service, logger *slog.Logger) error {
	created := 0
	for _, in := range Accounts {
		in.Password, in.ConfirmPassword = Password, Password
		_, err := acc.Register(ctx, in, accounts.Client{UserAgent: "demo data"})
		if apperr.CodeOf(err) == apperr.Conflict {
			continue // loaded on an earlier start
		}
		if err != nil {
			return err
		}
		created++
	}
	if created > 0 {
		logger.Info("demo data loaded", "accounts", created, "password", Password)
	}
	return seedMarketplace(ctx, acc, market, logger)
}

// demoTask is a task of the demo and what happens to it: who submits, and whether the startup
// approves.
type demoTask struct {
	startup, title, description, workType, category string
	skills                                          []string
	hours                                           float64
	days                                            int
	submitter                                       string
	approve                                         bool
}

var demoTasks = []demoTask{
	{"startup@demo.bridgework.app", "Write API documentation", "Document our REST API for partners: authentication, the five main endpoints and examples in curl.",
		"non-technical", "writing", []string{"Technical writing", "Markdown"}, 12, 14, "student@demo.bridgework.app", true},
	{"startup@demo.bridgework.app", "Design onboarding screens", "Three onboarding screens for our mobile app, in Figma, following our brand guide.",
		"technical", "design", []string{"Figma", "UI design"}, 8, 10, "student@demo.bridgework.app", false},
	{"startup@demo.bridgework.app", "Build a landing page for our beta", "A responsive landing page with a signup form that posts to our API. React and Tailwind preferred.",
		"technical", "web-development", []string{"React", "CSS", "Tailwind"}, 16, 21, "student2@demo.bridgework.app", false},
	{"startup2@demo.bridgework.app", "Clean up a sales dataset", "Deduplicate and normalise 20,000 rows of sales records and chart the monthly trend.",
		"technical", "data-analysis", []string{"Python", "Pandas"}, 10, 18, "", false},
	{"startup2@demo.bridgework.app", "Plan our social media launch", "A four-week content calendar for LinkedIn and Instagram around our product launch.",
		"non-technical", "social-media", []string{"Content strategy", "Copywriting"}, 6, 12, "", false},
	{"startup2@demo.bridgework.app", "Set up CI for a Go service", "GitHub Actions running tests, vet and a Docker build for a small Go service.",
		"technical", "devops", []string{"Go", "GitHub Actions", "Docker"}, 6, 25, "", false},
}

func seedMarketplace(ctx context.Context, acc *accounts.Service, market *tasks.Service, logger *slog.Logger) error {
	users := map[string]*accounts.User{}
	for _, in := range Accounts {
		u, err := acc.Store.UserByEmail(ctx, in.Email)
		if err != nil {
			return err
		}
		users[in.Email] = u
	}
	existing, err := market.TasksOfStartup(ctx, users[demoTasks[0].startup].ID, tasks.Query{Limit: 1})
	if err != nil || existing.Total > 0 {
		return err // seeded on an earlier start
	}
	for _, d := range demoTasks {
		startup := users[d.startup]
		hours := d.hours
		t, err := market.Post(ctx, startup, tasks.PostInput{
			Title: d.title, Description: d.description, WorkType: d.workType, Category: d.category,
			Skills: d.skills, EstimatedHours: &hours, Deadline: time.Now().AddDate(0, 0, d.days).Format(time.DateOnly),
		})
		if err != nil {
			return fmt.Errorf("demo task %q: %w", d.title, err)
		}
		if d.submitter == "" {
			continue
		}
		student := users[d.submitter]
		if _, err := market.SubmitLink(ctx, student, t.ID, "https://github.com/demo/"+t.ID[len(t.ID)-6:]); err != nil {
			return err
		}
		if d.approve {
			if _, _, err := market.Decide(ctx, startup.ID, t.ID, student.ID, tasks.ActionApprove, "Clear, thorough and on time. Thank you!"); err != nil {
				return err
			}
		}
	}
	logger.Info("demo marketplace loaded", "tasks", len(demoTasks))
	return nil
}
