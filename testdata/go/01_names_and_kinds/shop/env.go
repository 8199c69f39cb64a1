package shop

import "os"

func currencyFromEnv() string {
	if v := os.Getenv("SHOP_CURRENCY"); v != "" {
		return v
	}
	return "EUR"
}

func init() {
	if MaxItems < 1 {
		panic("MaxItems must be positive")
	}
}
