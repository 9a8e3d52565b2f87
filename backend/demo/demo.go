// Package demo loads a small data set on first start (SEED_DEMO=true), so a fresh clone has
// something to look at: the accounts listed in the README, and a marketplace with open tasks, a
// submission waiting for review, one approved after two revision rounds and rated by both sides,
// a task closed by an approval (the other student's work closed with it), a task of two paid
// places with one filled, payments in each offline state (due, sent, received, disputed), so
// both startups carry a payment record, and the audit trail all of that leaves.
package demo

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/payments"
	"bridgework/backend/ratings"
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

// Services are what the demo's people use.
type Services struct {
	Accounts *accounts.Service
	Tasks    *tasks.Service
	Ratings  *ratings.Service
	Payments *payments.Service
}

// Seed creates the demo accounts that do not exist yet, then the demo marketplace unless the
// demo startup already has tasks.
func Seed(ctx context.Context, with Services, logger *slog.Logger) error {
	acc := with.Accounts
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
	return seedMarketplace(ctx, with, logger)
}

// demoTask is a task of the demo; the story (play) says what happens to it.
type demoTask struct {
	startup, title, description, workType, category string
	skills                                          []string
	hours                                           float64
	days                                            int
	// The pay: budgetMin–budgetMax in currency (an ISO 4217 code); 0 and 0 is unpaid.
	budgetMin, budgetMax float64
	currency             string
	seats                int // paid places; 0 is one
}

const (
	asha, leo       = "student@demo.bridgework.app", "student2@demo.bridgework.app"
	nimbus, leaf    = "startup@demo.bridgework.app", "startup2@demo.bridgework.app"
	docsTask        = "Write API documentation"
	onboardingTask  = "Design onboarding screens"
	landingPageTask = "Build a landing page for our beta"
	datasetTask     = "Clean up a sales dataset"
	photosTask      = "Tag our product photos"
)

var demoTasks = []demoTask{
	{nimbus, docsTask, "Document our REST API for partners: authentication, the five main endpoints and examples in curl.",
		"non-technical", "writing", []string{"Technical writing", "Markdown"}, 12, 14, 150, 300, "USD", 0},
	{nimbus, onboardingTask, "Three onboarding screens for our mobile app, in Figma, following our brand guide.",
		"technical", "design", []string{"Figma", "UI design"}, 8, 10, 200, 200, "EUR", 0},
	{nimbus, landingPageTask, "A responsive landing page with a signup form that posts to our API. React and Tailwind preferred.",
		"technical", "web-development", []string{"React", "CSS", "Tailwind"}, 16, 21, 250, 400, "USD", 0},
	{leaf, datasetTask, "Deduplicate and normalise 20,000 rows of sales records and chart the monthly trend.",
		"technical", "data-analysis", []string{"Python", "Pandas"}, 10, 18, 0, 180, "GBP", 0},
	{leaf, photosTask, "Tag 500 product photos with colour, material and category for our shop's search. Two students, 250 photos each.",
		"non-technical", "other", []string{"Attention to detail", "Spreadsheets"}, 5, 16, 60, 60, "GBP", 2},
	{leaf, "Plan our social media launch", "A four-week content calendar for LinkedIn and Instagram around our product launch.",
		"non-technical", "social-media", []string{"Content strategy", "Copywriting"}, 6, 12, 0, 0, "USD", 0},
	{leaf, "Set up CI for a Go service", "GitHub Actions running tests, vet and a Docker build for a small Go service.",
		"technical", "devops", []string{"Go", "GitHub Actions", "Docker"}, 6, 25, 8000, 12000, "INR", 0},
}

func seedMarketplace(ctx context.Context, with Services, logger *slog.Logger) error {
	acc, market := with.Accounts, with.Tasks
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
	posted := map[string]*tasks.Task{}
	for _, d := range demoTasks {
		hours, budgetMin, budgetMax, seats := d.hours, d.budgetMin, d.budgetMax, max(d.seats, 1)
		t, err := market.Post(ctx, users[d.startup], tasks.PostInput{
			Title: d.title, Description: d.description, WorkType: d.workType, Category: d.category,
			Skills: d.skills, EstimatedHours: &hours, Deadline: time.Now().AddDate(0, 0, d.days).Format(time.DateOnly),
			BudgetMin: &budgetMin, BudgetMax: &budgetMax, Currency: d.currency, Seats: &seats,
		})
		if err != nil {
			return fmt.Errorf("demo task %q: %w", d.title, err)
		}
		posted[d.title] = t
	}
	if err := play(ctx, with, users, posted); err != nil {
		return err
	}
	logger.Info("demo marketplace loaded", "tasks", len(demoTasks))
	return nil
}

// play is what the demo's people did, each step a call a user's click would make. Like the Go
// blog's errWriter, a player stops at the first error and keeps it.
func play(ctx context.Context, with Services, users map[string]*accounts.User, posted map[string]*tasks.Task) error {
	p := &player{ctx: ctx, market: with.Tasks, rates: with.Ratings, pay: with.Payments, users: users, posted: posted}

	// Two revision rounds, then an approval that closes the task, rated by both sides.
	p.submit(asha, docsTask, "https://github.com/demo/api-docs/tree/v1")
	p.decide(docsTask, asha, tasks.ActionReview, "")
	p.decide(docsTask, asha, tasks.ActionRequestChanges, "Good start. Please add curl examples for the two auth endpoints.")
	p.submit(asha, docsTask, "https://github.com/demo/api-docs/tree/v2")
	p.decide(docsTask, asha, tasks.ActionRequestChanges, "Nearly there: list the error codes each endpoint can return.")
	p.submit(asha, docsTask, "https://github.com/demo/api-docs/tree/v3")
	p.decide(docsTask, asha, tasks.ActionApprove, "Clear, thorough and on time. Thank you!")
	p.rate(nimbus, docsTask, asha, 5, "Asha took two rounds of notes in her stride; partners use her docs every day.")
	p.rate(asha, docsTask, asha, 5, "Precise notes and quick answers: I always knew what was expected.")

	// Work waiting for review.
	p.submit(asha, onboardingTask, "https://www.figma.com/file/demo-onboarding")

	// Two students on one task: approving one closes it, and the other's work with it. Only the
	// startup rates: its rating stays hidden until Leo rates too or 14 days pass.
	p.submit(leo, landingPageTask, "https://github.com/demo/beta-landing")
	p.submit(asha, landingPageTask, "https://github.com/demo/landing-asha")
	p.decide(landingPageTask, leo, tasks.ActionApprove, "Fast and pixel-perfect.")
	p.rate(nimbus, landingPageTask, leo, 4, "Solid work; the form needed one fix after launch.")

	// The payments those approvals opened: Asha's docs paid and confirmed; Leo's landing page
	// marked sent, waiting for his confirmation.
	p.payStep(docsTask, asha, nimbus, payments.Step{Action: payments.ActionSent, Method: "bank-transfer", Reference: "NIMBUS-0042"})
	p.payStep(docsTask, asha, asha, payments.Step{Action: payments.ActionReceived})
	p.payStep(landingPageTask, leo, nimbus, payments.Step{Action: payments.ActionSent, Method: "paypal", Reference: "PP-7HQ2"})

	// Greenleaf: one of two paid places filled, its payment still due; a dataset paid, the
	// student says, never: disputed, and on Greenleaf's record until he confirms.
	p.submit(asha, photosTask, "https://docs.google.com/spreadsheets/d/demo-photo-tags")
	p.decide(photosTask, asha, tasks.ActionApprove, "Careful tags, thank you.")
	p.submit(leo, datasetTask, "https://github.com/demo/sales-cleanup")
	p.decide(datasetTask, leo, tasks.ActionApprove, "Clean and well charted.")
	p.payStep(datasetTask, leo, leaf, payments.Step{Action: payments.ActionSent, Method: "bank-transfer", Reference: "GL-1187"})
	p.payStep(datasetTask, leo, leo, payments.Step{Action: payments.ActionNotReceived, Note: "Nothing has reached my account after a week."})

	if p.err != nil {
		return fmt.Errorf("demo: %w", p.err)
	}
	return nil
}

type player struct {
	ctx    context.Context
	market *tasks.Service
	rates  *ratings.Service
	pay    *payments.Service
	users  map[string]*accounts.User
	posted map[string]*tasks.Task
	err    error
}

func (p *player) submit(student, title, link string) {
	if p.err == nil {
		_, p.err = p.market.SubmitLink(p.ctx, p.users[student], p.posted[title].ID, link)
	}
}

func (p *player) decide(title, student string, action tasks.Action, notes string) {
	if p.err == nil {
		t := p.posted[title]
		_, _, p.err = p.market.Apply(p.ctx, t.StartupID, t.ID,
			tasks.Decision{StudentID: p.users[student].ID, Action: action, Notes: notes})
	}
}

// payStep takes by's step on the payment of student's approved work on the task.
func (p *player) payStep(title, student, by string, step payments.Step) {
	if p.err != nil {
		return
	}
	mine, _, err := p.pay.Payments(p.ctx, p.users[student], "", 0, 100)
	if p.err = err; err != nil {
		return
	}
	for _, pay := range mine {
		if pay.TaskID == p.posted[title].ID {
			_, p.err = p.pay.Take(p.ctx, p.users[by], pay.ID, step)
			return
		}
	}
	p.err = fmt.Errorf("no payment of %s for %q", student, title)
}

// rate gives by's rating on student's work on the task: a startup rates the student, a student
// the startup (naming themselves as the student).
func (p *player) rate(by, title, student string, stars int, comment string) {
	if p.err == nil {
		_, p.err = p.rates.Give(p.ctx, p.users[by], ratings.Input{
			TaskID: p.posted[title].ID, StudentID: p.users[student].ID, Stars: stars, Comment: comment})
	}
}
