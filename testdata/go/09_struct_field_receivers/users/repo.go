package users

import (
	"log"

	"example.com/accounts/sqlx"
)

type Repo struct {
	db *sqlx.DB
}

type Service struct {
	repo   Repo
	logger *log.Logger
}

func (r *Repo) Count() error {
	rows, err := r.db.Query("SELECT count(*) FROM users")
	if err != nil {
		return err
	}
	return rows.Close()
}

// two fields deep
func (s *Service) Purge() error {
	s.logger.Println("purging")
	return s.repo.db.Exec("DELETE FROM users")
}

// a field copied into a local
func (s *Service) Stats() error {
	repo := s.repo
	return repo.Count()
}
