namespace :items do
  desc "Reindex every item"
  task reindex: :environment do
    puts "reindexed"
  end
end

task :default
