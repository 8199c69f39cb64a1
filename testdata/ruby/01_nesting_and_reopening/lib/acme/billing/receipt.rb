# The trap: `class Acme::Billing::Receipt` nests lexically in the receipt
# alone: a bare Config is looked up in Acme::Billing::Receipt, its ancestors,
# then at the top, where there is none (Ruby raises NameError).
class Acme::Billing::Receipt
  def print
    Config.load
    Acme::Config.load
  end

  def print_billing
    ::Acme::Billing::Config.load
  end
end
