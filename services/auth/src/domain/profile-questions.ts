/** The questionnaire's twelve questions (one per category), each with four options. */
export const profileQuestions = [
  {
    id: 'decision_style',
    category: 'decision_style',
    question: 'Önemli bir karar verirken en çok neye güvenirsin?',
    options: ['İçgüdülerime', 'Artı-eksi listesine', 'Yakınlarımın fikrine', 'Biraz bekleyip zamana'],
  },
  {
    id: 'stress_response',
    category: 'stress_response',
    question: 'Stresli bir günün sonunda ne iyi gelir?',
    options: ['Spor ya da yürüyüş', 'Sevdiğim biriyle sohbet', 'Müzik ya da dizi', 'Yalnız kalıp dinlenmek'],
  },
  {
    id: 'ideal_weekend',
    category: 'ideal_weekend',
    question: 'Hayalindeki hafta sonu nasıl geçer?',
    options: ['Doğada, şehirden uzakta', 'Arkadaşlarla dışarıda', 'Evde, kendi köşemde', 'Yeni bir şehri keşfederek'],
  },
  {
    id: 'friendship_quality',
    category: 'friendship_quality',
    question: 'Bir arkadaşta en çok neye değer verirsin?',
    options: ['Dürüstlüğe', 'Sadakate', 'Mizah anlayışına', 'Her zaman yanımda olmasına'],
  },
  {
    id: 'change_approach',
    category: 'change_approach',
    question: 'Hayatında büyük bir değişiklik olduğunda ne yaparsın?',
    options: ['Heyecanla kucaklarım', 'Önce plan yaparım', 'Biraz direnirim, sonra alışırım', 'Akışına bırakırım'],
  },
  {
    id: 'motivation_source',
    category: 'motivation_source',
    question: 'Seni en çok ne motive eder?',
    options: ['Başarı ve takdir', 'Öğrenmek ve gelişmek', 'Sevdiklerimi mutlu etmek', 'Özgürlük ve bağımsızlık'],
  },
  {
    id: 'communication_style',
    category: 'communication_style',
    question: 'Derdini anlatırken nasıl konuşursun?',
    options: ['Açık ve net', 'Nazik ve dolaylı', 'Esprili', 'Önce dinler, sonra konuşurum'],
  },
  {
    id: 'time_management',
    category: 'time_management',
    question: 'Bir işin son teslim tarihi yaklaşırken sen neredesin?',
    options: ['Çoktan bitirmişimdir', 'Plana uygun ilerliyorumdur', 'Son gece bitiririm', 'Teslim tarihi mi?'],
  },
  {
    id: 'creative_expression',
    category: 'creative_expression',
    question: 'Yaratıcılığını en çok nasıl ifade edersin?',
    options: ['Yazarak', 'Çizerek ya da fotoğraf çekerek', 'Müzikle', 'Yemek yaparak'],
  },
  {
    id: 'social_energy',
    category: 'social_energy',
    question: 'Kalabalık bir davetten sonra nasıl hissedersin?',
    options: ['Enerji dolu', 'Keyifli ama yorgun', 'Biraz tükenmiş', 'Duruma göre değişir'],
  },
  {
    id: 'conflict_resolution',
    category: 'conflict_resolution',
    question: 'Biriyle anlaşmazlığa düştüğünde ne yaparsın?',
    options: ['Hemen konuşup çözerim', 'Sakinleşmeyi beklerim', 'Orta yol ararım', 'Bazen geri çekilirim'],
  },
  {
    id: 'learning_style',
    category: 'learning_style',
    question: 'Yeni bir şeyi en iyi nasıl öğrenirsin?',
    options: ['Yaparak, deneyerek', 'Okuyarak', 'Video izleyerek', 'Birine sorarak'],
  },
] as const;
