namespace :posts do
  task publish: :environment do
    BlogPost.published
  end
end
