package pgstore

import (
	"errors"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"

	"scoresheet/sheet"
)

// classify turns an error of pgx or of the server into the
// *sheet.StoreError a file's store would return for the same thing, or
// one of the server's own codes. Its detail is the error's text with
// the password, if pgx ever said it, taken out: a store error is shown
// in the window and printed by the command line.
func (s *Store) classify(err error) error {
	if err == nil {
		return nil
	}
	var se *sheet.StoreError
	if errors.As(err, &se) {
		if se.Path == "" {
			se.Path = s.loc.shown
		}
		return err
	}
	return &sheet.StoreError{Code: codeOf(err), Path: s.loc.shown, Err: s.scrub(err)}
}

// codeOf is the store error code of an error of pgx. An error the
// server did not send (a refused or cut connection, a timeout, a closed
// connection, an address that does not resolve) means the server cannot
// be reached.
func codeOf(err error) sheet.StoreErrorCode {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return sheet.StoreUnreachable
	}
	switch {
	case pe.Code == "28P01" || pe.Code == "28000": // invalid_password, invalid_authorization_specification
		return sheet.StoreAuth
	case pe.Code == "3D000": // invalid_catalog_name: no such database
		return sheet.StoreNoEvent
	case pe.Code == "23505": // unique_violation
		return sheet.StoreDuplicate
	case strings.HasPrefix(pe.Code, "08"), // connection_exception
		strings.HasPrefix(pe.Code, "57P"), // the server shutting down or starting, the connection terminated
		pe.Code == "53300":                // too_many_connections
		return sheet.StoreUnreachable
	case strings.HasPrefix(pe.Code, "22"), strings.HasPrefix(pe.Code, "23"): // data exception, integrity constraint
		return sheet.StoreBadArgument
	case pe.Code == "40001" || pe.Code == "40P01", // serialization_failure, deadlock_detected
		pe.Code == lockNotAvailable: // another writer held the event's lock longer than lockWait
		return sheet.StoreLocked
	}
	return sheet.StoreIO
}

// scrubbed is an error's text with the password taken out.
type scrubbed string

func (e scrubbed) Error() string { return string(e) }

func (s *Store) scrub(err error) error {
	text := err.Error()
	if s.password != "" {
		text = strings.ReplaceAll(text, s.password, "********")
	}
	return scrubbed(text)
}

// lockNotAvailable is the server's error of a lock not had within
// lock_timeout (lockWait).
const lockNotAvailable = "55P03"

// lockTimedOut reports whether err is a lock waited for lockWait in vain.
func lockTimedOut(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == lockNotAvailable
}
