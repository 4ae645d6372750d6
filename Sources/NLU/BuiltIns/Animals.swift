/// Common animals, singular and plural as people say them: the values of AMAZON.Animal this
/// project ships.
enum Animals {
    static let all: [String] = [
        "alligator", "alpaca", "ant", "anteater", "antelope", "ape", "armadillo", "baboon", "badger", "bat", "bear",
        "beaver", "bee", "beetle", "bird", "bison", "boar", "buffalo", "bull", "bunny", "butterfly", "camel", "canary",
        "cat", "caterpillar", "cattle", "cheetah", "chicken", "chimpanzee", "chinchilla", "chipmunk", "clam", "cobra",
        "cockatoo", "cougar", "cow", "coyote", "crab", "crane", "cricket", "crocodile", "crow", "deer", "dingo",
        "dog", "dolphin", "donkey", "dove", "dragonfly", "duck", "eagle", "eel", "elephant", "elk", "emu", "falcon",
        "ferret", "finch", "fish", "flamingo", "fly", "fox", "frog", "gazelle", "gecko", "gerbil", "giraffe", "goat",
        "goldfish", "goose", "gorilla", "grasshopper", "guinea pig", "hamster", "hare", "hawk", "hedgehog", "hen",
        "heron", "hippo", "hippopotamus", "horse", "hummingbird", "hyena", "iguana", "jaguar", "jellyfish",
        "kangaroo", "kitten", "koala", "ladybug", "lamb", "lemur", "leopard", "lion", "lizard", "llama", "lobster",
        "lynx", "macaw", "meerkat", "mole", "mongoose", "monkey", "moose", "mosquito", "moth", "mouse", "mule",
        "octopus", "orangutan", "ostrich", "otter", "owl", "ox", "oyster", "panda", "panther", "parakeet", "parrot",
        "peacock", "pelican", "penguin", "pig", "pigeon", "pony", "poodle", "porcupine", "possum", "puppy", "python",
        "rabbit", "raccoon", "rat", "raven", "reindeer", "rhino", "rhinoceros", "robin", "rooster", "salamander",
        "salmon", "scorpion", "seagull", "seal", "shark", "sheep", "shrimp", "skunk", "sloth", "slug", "snail",
        "snake", "sparrow", "spider", "squid", "squirrel", "starfish", "stingray", "stork", "swan", "tarantula",
        "tiger", "toad", "tortoise", "toucan", "trout", "tuna", "turkey", "turtle", "vulture", "walrus", "wasp",
        "weasel", "whale", "wolf", "wombat", "woodpecker", "worm", "yak", "zebra",
        "ants", "bats", "bears", "bees", "birds", "bunnies", "cats", "chickens", "cows", "deer", "dogs", "dolphins",
        "ducks", "elephants", "fish", "foxes", "frogs", "goats", "hamsters", "horses", "kittens", "lions", "mice",
        "monkeys", "pigs", "ponies", "puppies", "rabbits", "sharks", "sheep", "snakes", "spiders", "tigers",
        "turtles", "whales", "wolves",
    ]
}
