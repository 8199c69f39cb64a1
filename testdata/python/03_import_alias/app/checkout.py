import billing.tax as tax_rules


def total(amount):
    return amount + tax_rules.vat(amount)
