"""The ``__init__`` of each record (`engine.records`) declared in ``engine.plottwist``.

Written by tools/write_record_inits.py from the records' fields: do not edit, run the tool."""

from engine.records import FACTORY, new_default

_set = object.__setattr__


def Pass(self, seat, *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)


def InitiateCombat(self, seat, actor='', target='', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'target', target)


def SneakAttack(self, seat, actor='', target='', distance='melee', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'target', target)
    _set(self, 'distance', distance)


def PlayCombatCard(self, seat, actor='', card='', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'card', card)


def Attack(self, seat, actor='', attack_type='melee', card=None, trauma=False, *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'attack_type', attack_type)
    _set(self, 'card', card)
    _set(self, 'trauma', trauma)


def Boost(self, seat, actor='', pay='energy', roll='any', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'pay', pay)
    _set(self, 'roll', roll)


def Regenerate(self, seat, actor='', resistance='physical', trauma=False, *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'resistance', resistance)
    _set(self, 'trauma', trauma)


def SpendBelief(self, seat, actor='', purpose='attack_action', name='', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'purpose', purpose)
    _set(self, 'name', name)


def SpendHate(self, seat, actor='', purpose='attack_action', target='', name='', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'purpose', purpose)
    _set(self, 'target', target)
    _set(self, 'name', name)


def Heal(self, seat, actor='', resistance='physical', number=1, *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'resistance', resistance)
    _set(self, 'number', number)


def SetFlying(self, seat, actor='', flying=True, *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'flying', flying)


def Hide(self, seat, actor='', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)


def Perceive(self, seat, actor='', target='', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'target', target)


def EndStatus(self, seat, actor='', status='Stunned', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'status', status)


def UseEquipment(self, seat, actor='', card='', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'card', card)


def Mulligan(self, seat, cards=(), *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'cards', cards)


def DiscardCombatCards(self, seat, cards=(), *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'cards', cards)


def PlayDetail(self, seat, actor='', card='', target='', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'card', card)
    _set(self, 'target', target)


def Pursue(self, seat, pursue=True, *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'pursue', pursue)


def GMRuling(
    self,
    seat,
    what='counter',
    target='',
    name='',
    value=0,
    card='',
    zone='',
    reason='',
    *,
    text='',
):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'what', what)
    _set(self, 'target', target)
    _set(self, 'name', name)
    _set(self, 'value', value)
    _set(self, 'card', card)
    _set(self, 'zone', zone)
    _set(self, 'reason', reason)


def PlayBystanders(self, seat, actor='', cards=(), *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'cards', cards)


def Activate(self, seat, actor='', card='', index=0, target='', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'card', card)
    _set(self, 'index', index)
    _set(self, 'target', target)


def Gadgeteer(self, seat, actor='', heroic='', ranks=1, *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'heroic', heroic)
    _set(self, 'ranks', ranks)


def Investigate(self, seat, actor='', heroic='perception', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'heroic', heroic)


def RevealEvent(self, seat, card='', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'card', card)


def NullifyRoll(self, seat, actor='', card='', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'card', card)


def PlayHero(self, seat, actor='', card='', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'card', card)


def Reversal(
    self,
    seat,
    purpose='auto_success',
    payers=(),
    target='',
    name='',
    card='',
    *,
    text='',
):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'purpose', purpose)
    _set(self, 'payers', payers)
    _set(self, 'target', target)
    _set(self, 'name', name)
    _set(self, 'card', card)


def Answer(self, seat, actor='', skill='apologist', number=1, target='', targets=(), *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'skill', skill)
    _set(self, 'number', number)
    _set(self, 'target', target)
    _set(self, 'targets', targets)


def AskQuestion(self, seat, *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)


def PlayLocation(self, seat, actor='', card='', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)
    _set(self, 'card', card)


def ChooseLocation(self, seat, card='', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'card', card)


def ChooseTwist(self, seat, card='', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'card', card)


def ChooseMain(self, seat, actor='', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'actor', actor)


def ChooseDestination(self, seat, card='', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'card', card)


def ChooseTarget(self, seat, card='', target='', *, text=''):
    _set(self, 'seat', seat)
    _set(self, 'text', text)
    _set(self, 'card', card)
    _set(self, 'target', target)


def RulesOptions(
    self,
    damage_auto_success='all',
    reversal_cap='per_hero',
    twist_choice='top',
    hate_recovery='interview',
    hate_heroic_cost=1,
    hate_belief_damage_cost=2,
    turn_limit=0,
    hero_pass='every_player',
    locked_passive='pay',
):
    _set(self, 'damage_auto_success', damage_auto_success)
    _set(self, 'reversal_cap', reversal_cap)
    _set(self, 'twist_choice', twist_choice)
    _set(self, 'hate_recovery', hate_recovery)
    _set(self, 'hate_heroic_cost', hate_heroic_cost)
    _set(self, 'hate_belief_damage_cost', hate_belief_damage_cost)
    _set(self, 'turn_limit', turn_limit)
    _set(self, 'hero_pass', hero_pass)
    _set(self, 'locked_passive', locked_passive)


def HeroSetup(
    self,
    seat,
    hero,
    equipment=FACTORY,
    plot_hand=FACTORY,
    combat_deck=FACTORY,
    collection=FACTORY,
):
    self.seat = seat
    self.hero = hero
    self.equipment = list() if equipment is FACTORY else equipment
    self.plot_hand = list() if plot_hand is FACTORY else plot_hand
    self.combat_deck = list() if combat_deck is FACTORY else combat_deck
    self.collection = list() if collection is FACTORY else collection


def Setup(
    self,
    villain,
    location,
    objective,
    heroes,
    villain_equipment=FACTORY,
    mooks=FACTORY,
    gm_plot_hand=FACTORY,
    gm_combat_deck=FACTORY,
    twists=FACTORY,
    events=FACTORY,
    seed=1,
    coins='',
    options=FACTORY,
):
    self.villain = villain
    self.location = location
    self.objective = objective
    self.heroes = heroes
    self.villain_equipment = list() if villain_equipment is FACTORY else villain_equipment
    self.mooks = list() if mooks is FACTORY else mooks
    self.gm_plot_hand = list() if gm_plot_hand is FACTORY else gm_plot_hand
    self.gm_combat_deck = list() if gm_combat_deck is FACTORY else gm_combat_deck
    self.twists = list() if twists is FACTORY else twists
    self.events = list() if events is FACTORY else events
    self.seed = seed
    self.coins = coins
    self.options = new_default(self, 'options') if options is FACTORY else options


def Character(
    self,
    id,
    card,
    key,
    name,
    side,
    seat,
    role,
    main=False,
    crossover=False,
    in_play=True,
    out=None,
    stress=FACTORY,
    maxes=FACTORY,
    trauma=FACTORY,
    belief=None,
    energy=0,
    hate=None,
    quantity=None,
    statuses=FACTORY,
    move=2,
    attack=1,
    equipment=FACTORY,
    in_use=None,
    energy_spent=0,
    quantity_spent=0,
    free_used=FACTORY,
    initiated=FACTORY,
    attacked=FACTORY,
    bought_attack=False,
    boosts=FACTORY,
    surprised_by_sneak=False,
    perception=0,
    hacking=0,
):
    self.id = id
    self.card = card
    self.key = key
    self.name = name
    self.side = side
    self.seat = seat
    self.role = role
    self.main = main
    self.crossover = crossover
    self.in_play = in_play
    self.out = out
    self.stress = dict() if stress is FACTORY else stress
    self.maxes = dict() if maxes is FACTORY else maxes
    self.trauma = dict() if trauma is FACTORY else trauma
    self.belief = belief
    self.energy = energy
    self.hate = hate
    self.quantity = quantity
    self.statuses = list() if statuses is FACTORY else statuses
    self.move = move
    self.attack = attack
    self.equipment = list() if equipment is FACTORY else equipment
    self.in_use = in_use
    self.energy_spent = energy_spent
    self.quantity_spent = quantity_spent
    self.free_used = list() if free_used is FACTORY else free_used
    self.initiated = list() if initiated is FACTORY else initiated
    self.attacked = list() if attacked is FACTORY else attacked
    self.bought_attack = bought_attack
    self.boosts = dict() if boosts is FACTORY else boosts
    self.surprised_by_sneak = surprised_by_sneak
    self.perception = perception
    self.hacking = hacking


def Modifier(self, target, op, source, duration, turns=0, counters=0):
    self.target = target
    self.op = op
    self.source = source
    self.duration = duration
    self.turns = turns
    self.counters = counters


def Combat(
    self,
    attacker,
    defender,
    bystander=False,
    step='movement',
    distance='ranged',
    passed=FACTORY,
    played=FACTORY,
    sneak=False,
    attacks=0,
):
    self.attacker = attacker
    self.defender = defender
    self.bystander = bystander
    self.step = step
    self.distance = distance
    self.passed = list() if passed is FACTORY else passed
    self.played = list() if played is FACTORY else played
    self.sneak = sneak
    self.attacks = attacks


def GameState(
    self,
    seats,
    characters=FACTORY,
    cards=FACTORY,
    owners=FACTORY,
    zones=FACTORY,
    options=FACTORY,
    turn=1,
    phase='start',
    first='heroes',
    initiative='heroes',
    passed=FACTORY,
    conflict=1,
    combat=None,
    combats_this_turn=0,
    location=None,
    lair=None,
    objective=None,
    objective_revealed=False,
    winner=None,
    result='',
    modifiers=FACTORY,
    timing=FACTORY,
    nullified=FACTORY,
    mulliganed=FACTORY,
    first_combat_done=False,
    cured_this_turn=0,
    once_used=FACTORY,
    cured_from=FACTORY,
    masterplan=False,
    questions_left=0,
    extra_questions=0,
    tally=FACTORY,
    peeked=FACTORY,
    location_permits=FACTORY,
    next_location=None,
    left_behind=FACTORY,
    deferred=FACTORY,
    ending='',
    twist_pending=False,
    main_pending=FACTORY,
    relocate_pending=FACTORY,
    target_pending=FACTORY,
    interview_requested=False,
    counting=FACTORY,
    players_passed=FACTORY,
    played_details=FACTORY,
    rolls=FACTORY,
    log=FACTORY,
    next_id=1,
):
    self.seats = seats
    self.characters = dict() if characters is FACTORY else characters
    self.cards = dict() if cards is FACTORY else cards
    self.owners = dict() if owners is FACTORY else owners
    self.zones = dict() if zones is FACTORY else zones
    self.options = new_default(self, 'options') if options is FACTORY else options
    self.turn = turn
    self.phase = phase
    self.first = first
    self.initiative = initiative
    self.passed = list() if passed is FACTORY else passed
    self.conflict = conflict
    self.combat = combat
    self.combats_this_turn = combats_this_turn
    self.location = location
    self.lair = lair
    self.objective = objective
    self.objective_revealed = objective_revealed
    self.winner = winner
    self.result = result
    self.modifiers = list() if modifiers is FACTORY else modifiers
    self.timing = dict() if timing is FACTORY else timing
    self.nullified = list() if nullified is FACTORY else nullified
    self.mulliganed = list() if mulliganed is FACTORY else mulliganed
    self.first_combat_done = first_combat_done
    self.cured_this_turn = cured_this_turn
    self.once_used = list() if once_used is FACTORY else once_used
    self.cured_from = dict() if cured_from is FACTORY else cured_from
    self.masterplan = masterplan
    self.questions_left = questions_left
    self.extra_questions = extra_questions
    self.tally = dict() if tally is FACTORY else tally
    self.peeked = list() if peeked is FACTORY else peeked
    self.location_permits = dict() if location_permits is FACTORY else location_permits
    self.next_location = next_location
    self.left_behind = dict() if left_behind is FACTORY else left_behind
    self.deferred = list() if deferred is FACTORY else deferred
    self.ending = ending
    self.twist_pending = twist_pending
    self.main_pending = list() if main_pending is FACTORY else main_pending
    self.relocate_pending = dict() if relocate_pending is FACTORY else relocate_pending
    self.target_pending = list() if target_pending is FACTORY else target_pending
    self.interview_requested = interview_requested
    self.counting = dict() if counting is FACTORY else counting
    self.players_passed = list() if players_passed is FACTORY else players_passed
    self.played_details = dict() if played_details is FACTORY else played_details
    self.rolls = list() if rolls is FACTORY else rolls
    self.log = list() if log is FACTORY else log
    self.next_id = next_id
