/// Common English first names: the values of AMAZON.FirstName this project ships.
enum FirstNames {
    static let all: [String] = [
        "Aaron", "Abigail", "Ada", "Adam", "Alan", "Albert", "Alex", "Alexander", "Alexis", "Alice", "Amanda",
        "Amber", "Amy", "Andrea", "Andrew", "Angela", "Ann", "Anna", "Anne", "Anthony", "Aria", "Arthur",
        "Ashley", "Austin", "Ava", "Barbara", "Ben", "Benjamin", "Betty", "Beverly", "Billy", "Bobby",
        "Brandon", "Brenda", "Brian", "Brittany", "Bruce", "Bryan", "Carl", "Carol", "Carolyn", "Catherine",
        "Charles", "Charlotte", "Cheryl", "Chloe", "Christian", "Christina", "Christine", "Christopher",
        "Cynthia", "Daniel", "Danielle", "David", "Deborah", "Debra", "Denise", "Dennis", "Diana", "Diane",
        "Donald", "Donna", "Doris", "Dorothy", "Douglas", "Dylan", "Edward", "Elijah", "Elizabeth", "Ella",
        "Ellie", "Emily", "Emma", "Eric", "Ethan", "Eugene", "Evelyn", "Frances", "Frank", "Gabriel", "Gary",
        "George", "Gerald", "Gloria", "Grace", "Gregory", "Hannah", "Harold", "Harper", "Heather", "Helen",
        "Henry", "Isabella", "Ivy", "Jack", "Jacob", "Jacqueline", "James", "Jane", "Janet", "Janice",
        "Jason", "Jean", "Jeffrey", "Jennifer", "Jeremy", "Jerry", "Jesse", "Jessica", "Joan", "Joe", "John",
        "Johnny", "Jonathan", "Jordan", "Jose", "Joseph", "Joshua", "Joyce", "Juan", "Jude", "Judith", "Judy",
        "Julia", "Julie", "Justin", "Karen", "Kate", "Katherine", "Kathleen", "Kathryn", "Kayla", "Keith",
        "Kelly", "Kenneth", "Kevin", "Kimberly", "Kyle", "Larry", "Laura", "Lauren", "Lawrence", "Leo",
        "Liam", "Lily", "Linda", "Lisa", "Logan", "Louis", "Lucas", "Lucy", "Luna", "Madison", "Margaret",
        "Maria", "Marie", "Marilyn", "Mark", "Martha", "Mary", "Mason", "Matthew", "Max", "Megan", "Melissa",
        "Mia", "Michael", "Michelle", "Nancy", "Natalie", "Nathan", "Nicholas", "Nicole", "Noah", "Nora",
        "Oliver", "Olivia", "Pamela", "Patricia", "Patrick", "Paul", "Peter", "Philip", "Rachel", "Ralph",
        "Randy", "Raymond", "Rebecca", "Richard", "Robert", "Roger", "Ronald", "Rose", "Roy", "Ruby",
        "Russell", "Ruth", "Ryan", "Sam", "Samantha", "Samuel", "Sandra", "Sara", "Sarah", "Scott", "Sean",
        "Sharon", "Shirley", "Sophia", "Sophie", "Stephanie", "Stephen", "Steven", "Susan", "Teresa", "Terry",
        "Theresa", "Thomas", "Timothy", "Tom", "Tyler", "Victoria", "Vincent", "Virginia", "Walter", "Wayne",
        "William", "Willie", "Zachary", "Zoe",
    ]
}
