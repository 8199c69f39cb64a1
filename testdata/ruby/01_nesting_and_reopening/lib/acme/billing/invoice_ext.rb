# Acme::Billing::Invoice reopened: one constant, its node in invoice.rb (its
# Zeitwerk file), its methods here nodes of this file.
module Acme
  module Billing
    class Invoice
      def total
        issue
      end
    end
  end
end
