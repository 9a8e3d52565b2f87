package store

import (
	"context"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/admin"
	"bridgework/backend/help"
	"bridgework/backend/profiles"
)

// Admin is the admin store: the people lists of Profiles plus totals and help requests.
type Admin struct{ DB *gorm.DB }

func (s Admin) UserByID(ctx context.Context, id string) (*accounts.User, error) {
	return Users{DB: s.DB}.UserByID(ctx, id)
}

func (s Admin) ListUsers(ctx context.Context, f profiles.UserFilter) ([]*accounts.User, error) {
	return Profiles{DB: s.DB}.ListUsers(ctx, f)
}

func (s Admin) CountUsers(ctx context.Context, f profiles.UserFilter) (int64, error) {
	return Profiles{DB: s.DB}.CountUsers(ctx, f)
}

// Totals counts students and startups in one grouped query on the user_type index, and tasks.
func (s Admin) Totals(ctx context.Context) (admin.Totals, error) {
	db := s.DB.WithContext(ctx)
	var rows []struct {
		UserType string
		N        int64
	}
	err := db.Table("users").Select("user_type, COUNT(*) AS n").
		Where("user_type IN ?", []string{string(accounts.Student), string(accounts.Startup)}).
		Group("user_type").Scan(&rows).Error
	if err != nil {
		return admin.Totals{}, err
	}
	var t admin.Totals
	for _, r := range rows {
		if r.UserType == string(accounts.Student) {
			t.Students = r.N
		} else {
			t.Startups = r.N
		}
	}
	err = db.Table("tasks").Count(&t.Tasks).Error
	return t, err
}

func (s Admin) HelpRequests(ctx context.Context, limit, offset int) ([]help.Request, int64, error) {
	db := s.DB.WithContext(ctx)
	var total int64
	if err := db.Model(&helpRequestRow{}).Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var rows []helpRequestRow
	err := db.Order("created_at DESC, id DESC").Limit(limit).Offset(offset).Find(&rows).Error
	out := make([]help.Request, 0, len(rows))
	for _, r := range rows {
		out = append(out, help.Request{ID: r.ID, Phone: r.Phone, Email: r.Email, CreatedAt: r.CreatedAt})
	}
	return out, total, err
}
