# Lexical nesting: inside `module Acme; module Billing`, Config is Acme::Billing::Config.
module Acme
  module Billing
    class Invoice
      def issue
        Config.load
        Acme.version
      end
    end
  end
end
